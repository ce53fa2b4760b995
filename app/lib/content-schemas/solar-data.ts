import { z } from "zod";
import { states } from "~/content/states";
import { decimal, type FieldSpec, optionalText, requiredText, sourceUrl, whenValid, wholeNumber } from "./fields";

/** The key fixes the unit and range, so a typo (14.0 for $0.14) is refused, not shown to visitors. */
const STATE_DATASETS = {
  commercial_price: {
    label: "Average commercial electricity price",
    unit: "$/kWh",
    min: 0.01,
    max: 1,
    message: "Enter a price between 0.01 and 1.00 dollars per kWh (14 cents is 0.14).",
  },
  specific_yield: {
    label: "Solar production per kW",
    unit: "kWh/kW-yr",
    min: 300,
    max: 2500,
    message: "Enter a yield between 300 and 2,500 kWh per kW per year.",
  },
  export_value: {
    label: "Value of exported energy",
    unit: "$/kWh",
    min: 0,
    max: 1,
    message: "Enter a value between 0 and 1.00 dollars per kWh.",
  },
} as const;
export type StateDataset = keyof typeof STATE_DATASETS;

const PARAMETERS = {
  degradation: { label: "Panel degradation", unit: "%/yr", min: 0, max: 3 },
  price_escalation: { label: "Electricity price escalation", unit: "%/yr", min: -5, max: 10 },
  discount_rate: { label: "Discount rate", unit: "%/yr", min: 0, max: 20 },
  om_escalation: { label: "O&M cost escalation", unit: "%/yr", min: -5, max: 10 },
  federal_tax_rate: { label: "Federal corporate income-tax rate", unit: "%", min: 0, max: 50 },
  energy_share: { label: "Energy charges' share of a bill", unit: "% of the bill", min: 5, max: 100 },
} as const;
export type ParameterKey = keyof typeof PARAMETERS;

/** `cost_band_<name>`, `om_band_<name>` (letters only), each for a range of sizes. */
const SIZE_BANDS = {
  cost_band: { label: "Installed cost", unit: "$/W DC", min: 0.5, max: 10 },
  om_band: { label: "Operation and maintenance", unit: "$/kW DC-yr", min: 0, max: 100 },
} as const;
type SizeBandDataset = keyof typeof SIZE_BANDS;
const SIZE_BAND_KEY = /^(cost_band|om_band)_([a-z]{1,40})$/;

export type SolarDataKey =
  | { dataset: StateDataset; state: string }
  | { dataset: SizeBandDataset; band: string }
  | { dataset: "parameter"; parameter: ParameterKey };

const stateNames = new Map(states.map((state) => [state.code.toLowerCase(), state.name]));

export function parseSolarDataKey(key: string): SolarDataKey | null {
  if (Object.hasOwn(PARAMETERS, key)) return { dataset: "parameter", parameter: key as ParameterKey };
  const band = SIZE_BAND_KEY.exec(key);
  if (band?.[1] && band[2]) return { dataset: band[1] as SizeBandDataset, band: band[2] };
  for (const dataset of Object.keys(STATE_DATASETS) as StateDataset[]) {
    const state = key.startsWith(`${dataset}_`) ? key.slice(dataset.length + 1) : null;
    if (state && stateNames.has(state)) return { dataset, state: state.toUpperCase() };
  }
  return null;
}

export function solarDataKey(dataset: StateDataset, state: string): string {
  return `${dataset}_${state.toLowerCase()}`;
}

export function solarDataRule(key: string): { label: string; unit: string; min: number; max: number; message: string } {
  const parsed = parseSolarDataKey(key);
  const range = (rule: { unit: string; min: number; max: number }) =>
    `Enter a value between ${rule.min} and ${rule.max} (${rule.unit}).`;
  if (!parsed)
    return { label: "Unknown figure", unit: "", min: 0, max: 0, message: "This is not a figure of the calculator." };
  if (parsed.dataset === "parameter") {
    const rule = PARAMETERS[parsed.parameter];
    return { ...rule, message: range(rule) };
  }
  if ("band" in parsed) {
    const rule = SIZE_BANDS[parsed.dataset];
    return { ...rule, message: range(rule) };
  }
  const rule = STATE_DATASETS[parsed.dataset];
  return { ...rule, label: `${rule.label}, ${stateNames.get(parsed.state.toLowerCase())}` };
}

export function solarDataTitle(key: string): string {
  const parsed = parseSolarDataKey(key);
  if (parsed && "band" in parsed) return `${SIZE_BANDS[parsed.dataset].label} (${parsed.band} systems)`;
  return solarDataRule(key).label;
}

export const solarDataMessages = {
  value: "Enter the figure.",
  sourceTitle: "Enter the source's title (publisher, report, edition).",
  link: "Enter the address of the page that shows the figure.",
  sourceYear: "Enter the year the figure is for, from 1990 to 2100.",
  lowHigh: "The range must hold the value: low ≤ value ≤ high.",
  bandSizes: "The band's largest size must be above its smallest.",
  rangeOnlyForEnergyShare: "Only the energy share and the cost bands have a range.",
  curveEnds:
    "Give both ends of the curve, the price at the smallest size at least the one at the largest, with the average between them.",
  unknown: "This is not a figure of the calculator.",
} as const;

const sized = (parsed: SolarDataKey) => "band" in parsed;

const optionalNumber = (message: string) => decimal(message, { min: 0, max: 1_000_000 });

/** The server sets `key` from the address: a submitted key cannot dodge its range. */
export const solarDataSchema = z
  .object({
    key: requiredText("Figure", solarDataMessages.unknown, { max: 64 }),
    value: decimal(solarDataMessages.value, { min: -1_000_000, max: 1_000_000, required: true }),
    low: decimal(solarDataMessages.lowHigh, { min: 0, max: 100 }),
    high: decimal(solarDataMessages.lowHigh, { min: 0, max: 100 }),
    minKw: optionalNumber("Enter a size in kW (0 or more)."),
    maxKw: optionalNumber("Enter a size in kW, or leave it empty for no upper limit."),
    label: optionalText("Band name", { max: 120 }),
    note: optionalText("Note", { max: 600, multiLine: true }),
    sourceTitle: requiredText("Source", solarDataMessages.sourceTitle, { max: 300 }),
    link: sourceUrl(solarDataMessages.link),
    sourceYear: wholeNumber(solarDataMessages.sourceYear, { min: 1990, max: 2100, fallback: Number.NaN }),
  })
  .superRefine(
    (row, ctx) => {
      const parsed = parseSolarDataKey(row.key);
      if (!parsed) {
        ctx.addIssue({ code: "custom", path: ["key"], message: solarDataMessages.unknown });
        return;
      }
      const rule = solarDataRule(row.key);
      if (row.value !== null && (row.value < rule.min || row.value > rule.max)) {
        ctx.addIssue({ code: "custom", path: ["value"], message: rule.message });
      }
      const ranged = parsed.dataset === "parameter" && parsed.parameter === "energy_share";
      const band = parsed.dataset === "cost_band";
      if (band && (row.low !== null || row.high !== null)) {
        const v = row.value;
        if (row.low === null || row.high === null || v === null || row.low > v || v > row.high || row.maxKw === null)
          ctx.addIssue({ code: "custom", path: ["high"], message: solarDataMessages.curveEnds });
      } else if (!ranged && (row.low !== null || row.high !== null)) {
        ctx.addIssue({ code: "custom", path: ["low"], message: solarDataMessages.rangeOnlyForEnergyShare });
      }
      if (
        ranged &&
        (row.low === null || row.high === null || row.value === null || row.low > row.value || row.value > row.high)
      ) {
        ctx.addIssue({ code: "custom", path: ["low"], message: solarDataMessages.lowHigh });
      }
      if (sized(parsed) && row.maxKw !== null && row.maxKw <= (row.minKw ?? 0)) {
        ctx.addIssue({ code: "custom", path: ["maxKw"], message: solarDataMessages.bandSizes });
      }
    },
    whenValid("key", "value", "low", "high", "minKw", "maxKw"),
  );

const SOURCE_FIELDS: readonly FieldSpec[] = [
  {
    name: "note",
    label: "Note",
    input: "textarea",
    maxLength: 600,
    help: "Shown beside the figure on the calculator: how it was read or derived, and its caveats.",
  },
  {
    name: "sourceTitle",
    label: "Source",
    input: "text",
    required: true,
    maxLength: 300,
    help: "Publisher, report and edition, as the calculator cites it.",
  },
  {
    name: "link",
    label: "Source page",
    input: "url",
    required: true,
    maxLength: 2048,
    help: "The page that shows this figure (not the site's home page), starting with https://",
  },
  { name: "sourceYear", label: "Data year", input: "number", required: true, help: "The year the figure describes." },
];

export function solarDataFields(key: string): readonly FieldSpec[] {
  const parsed = parseSolarDataKey(key);
  const rule = solarDataRule(key);
  const fields: FieldSpec[] = [
    { name: "key", label: "Figure", input: "readonly", help: "Which figure this is; it cannot change." },
    {
      name: "value",
      label: `Value (${rule.unit})`,
      input: "decimal",
      required: true,
      help: `Between ${rule.min} and ${rule.max} ${rule.unit}.`,
    },
  ];
  if (parsed?.dataset === "parameter" && parsed.parameter === "energy_share") {
    fields.push(
      { name: "low", label: "Low end of the range (%)", input: "decimal", required: true },
      { name: "high", label: "High end of the range (%)", input: "decimal", required: true },
    );
  }
  if (parsed && sized(parsed))
    fields.push(
      { name: "label", label: "Band name", input: "text", maxLength: 120, help: "How the result names it." },
      { name: "minKw", label: "From system size (kW DC)", input: "decimal" },
      { name: "maxKw", label: "Up to system size (kW DC)", input: "decimal", help: "Empty: no upper limit." },
    );
  if (parsed?.dataset === "cost_band") {
    fields.push(
      {
        name: "high",
        label: "Cost at the band's smallest size ($/W)",
        input: "decimal",
        help: "With the next field: sizes are priced on the line between the two. Empty: the value above for every size.",
      },
      { name: "low", label: "Cost at the band's largest size ($/W)", input: "decimal" },
    );
  }
  return [...fields, ...SOURCE_FIELDS];
}
