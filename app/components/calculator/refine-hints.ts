import { findState } from "~/content/states";
import { centsPerKwh } from "~/lib/estimate-format";
import type { ModelData } from "~/lib/solar-model/types";
import type { RefineHints } from "./calculator-form";

/** The default each refine input keeps when left empty, named with its source and year, from the figures in use. */
export function refineHints(stateCode: string | undefined, data: ModelData): RefineHints {
  const state = findState(stateCode);
  const price = state ? data.commercialPrice[state.code] : undefined;
  const yieldRow = state ? data.specificYield[state.code] : undefined;
  const bands = data.costBands;
  const first = bands[0];
  const last = bands.at(-1);
  const curve = bands.some((band) => band.atMinKw !== undefined);
  const share = data.energyShareOfBillPct;
  return {
    industry: "Helps us match you with an advisor who knows your trade; it changes no figure.",
    price: price
      ? `Default: ${centsPerKwh(price.value)}, the ${price.source.year} average commercial price in ${state?.name} (EIA).`
      : state
        ? `No sourced average price is held for ${state.name}: enter yours (your bill's total ÷ its kWh).`
        : "Default: your state's average commercial price (EIA, 2023).",
    energyShare: `Default: ${share.value}%, with a range of ${share.low}–${share.high}% shown (NREL: demand charges are 30–70% of many commercial bills).`,
    yield: yieldRow
      ? `Default: ${yieldRow.value.toLocaleString("en-US")} for ${state?.name} (NREL PVWatts figures, ${yieldRow.source.year}; a PVWatts run for your site is better).`
      : "Default: your state's figure from NREL's PVWatts runs (2021); a PVWatts run for your site is better.",
    costPerW:
      first && last && curve
        ? `Default: by system size, on the sourced modelled cost curve (${first.source.year}; no steps between sizes), from $${first.value.toFixed(2)} per watt under ${first.maxKw ?? 0} kW to $${last.value.toFixed(2)} at ${last.minKw.toLocaleString("en-US")} kW and up: enter your quote's.`
        : first && last && first !== last
          ? `Default: by system size, from $${first.value.toFixed(2)} per watt (${first.label}) to $${last.value.toFixed(2)} (${last.label}), NREL's modelled costs: enter your quote's.`
          : first
            ? `Default: $${first.value.toFixed(2)} per watt (${first.source.title}, ${first.source.year}): enter your quote's.`
            : undefined,
    maxKw: "Default: no limit; the system is sized to your year's use.",
    acKw: `Default: the DC size ÷ ${data.dcAcRatio.value}, the ratio the production figures were modelled with. The credit's under-1 MW test reads the inverters' AC output: enter yours from the quote.`,
    areaFt2: "Applied only with the watts per ft² your layout achieves.",
    wattsPerFt2: "From your installer's layout; no default is assumed.",
    owner:
      "Some state credits apply only against personal income tax, so a C corporation cannot claim them. Tax-exempt owners claim the federal credit through elective pay and have no depreciation.",
    taxRate: `Default: ${data.federalTaxRatePct.value}% (federal corporate rate only).`,
    inService: "Default: December 31, 2027, the federal credit's deadline.",
    began:
      "Then the credit holds to the end of the fourth year after the start year (continuity safe harbor), else only to December 31, 2027. A start before January 20, 2025 keeps the old bonus depreciation phase-down (20% in 2026, none from 2027).",
    financing: "A loan needs its rate and term below.",
    loanRate: "Needed for a loan.",
    loanTerm: "Needed for a loan.",
    storageCost: "Default: no storage. Counted for its federal credit only; its bill savings are not modelled.",
    storageKw:
      "Needed with a storage cost: the battery's own size decides its credit rate (30% under 1 MW; else 6% without prevailing wage).",
    discountRate: `Default: ${data.discountRatePct.value}% a year.`,
    selfUse: "Default: 100% (sized to your use); exported energy earns less.",
    exportValue: "Default: $0 (no sourced figure for any state); your utility's export credit if you know it.",
  };
}
