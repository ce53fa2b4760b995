import { type ParameterKey, parseSolarDataKey, solarDataRule, solarDataSchema } from "../content-schemas/solar-data";
import type { CostBand, DataRow, ModelData, SizeBand } from "./types";

export type FigureRow = {
  key: string;
  value: number;
  low: number | null;
  high: number | null;
  minKw: number | null;
  maxKw: number | null;
  label: string | null;
  note: string | null;
  sourceTitle: string;
  link: string;
  sourceYear: number;
  lastReviewedAt: string;
};

const PARAMETER_FIELDS: Record<Exclude<ParameterKey, "energy_share">, keyof ModelData> = {
  degradation: "degradationPct",
  price_escalation: "priceEscalationPct",
  discount_rate: "discountRatePct",
  om_escalation: "omEscalationPct",
  federal_tax_rate: "federalTaxRatePct",
};

function dataRow(row: FigureRow): DataRow {
  return {
    value: row.value,
    unit: solarDataRule(row.key).unit,
    source: { title: row.sourceTitle, url: row.link, year: row.sourceYear, reviewedOn: row.lastReviewedAt },
    ...(row.note ? { note: row.note } : {}),
  };
}

/** A row the editor's schema would refuse is skipped; bands replace the built-ins only if they cover every size. */
export function modelDataWithFigures(base: ModelData, rows: readonly FigureRow[]): ModelData {
  const data = {
    ...base,
    commercialPrice: { ...base.commercialPrice },
    specificYield: { ...base.specificYield },
    exportValue: { ...base.exportValue },
  };
  const bands: CostBand[] = [];
  const omBands: SizeBand[] = [];
  for (const row of rows) {
    const parsed = parseSolarDataKey(row.key);
    if (!parsed || !solarDataSchema.safeParse(row).success) continue;
    switch (parsed.dataset) {
      case "commercial_price":
        data.commercialPrice[parsed.state] = dataRow(row);
        break;
      case "specific_yield":
        data.specificYield[parsed.state] = dataRow(row);
        break;
      case "export_value":
        data.exportValue[parsed.state] = dataRow(row);
        break;
      case "om_band":
        omBands.push({ ...dataRow(row), minKw: row.minKw ?? 0, maxKw: row.maxKw, label: row.label ?? parsed.band });
        break;
      case "cost_band":
        // The curve's ends: `high` is the price at the band's smallest size, `low` at its largest.
        bands.push({
          ...dataRow(row),
          minKw: row.minKw ?? 0,
          maxKw: row.maxKw,
          label: row.label ?? parsed.band,
          ...(row.high !== null && row.low !== null ? { atMinKw: row.high, atMaxKw: row.low } : {}),
        });
        break;
      case "parameter":
        if (parsed.parameter === "energy_share") {
          data.energyShareOfBillPct = { ...dataRow(row), low: row.low ?? row.value, high: row.high ?? row.value };
        } else {
          Object.assign(data, { [PARAMETER_FIELDS[parsed.parameter]]: dataRow(row) });
        }
        break;
    }
  }
  bands.sort((a, b) => a.minKw - b.minKw);
  omBands.sort((a, b) => a.minKw - b.minKw);
  if (coversEverySize(bands)) data.costBands = bands;
  if (coversEverySize(omBands)) data.omBands = omBands;
  return data;
}

/** From 0 kW, no gap or overlap, the last band open-ended. */
export function coversEverySize(bands: readonly SizeBand[]): boolean {
  if (!bands.length || bands[0]?.minKw !== 0 || bands.at(-1)?.maxKw !== null) return false;
  return bands.every((band, index) => index === 0 || band.minKw === bands[index - 1]?.maxKw);
}
