import { findState } from "~/content/states";
import { centsPerKwh } from "~/lib/estimate-format";
import type { ModelData } from "~/lib/solar-model/types";
import type { RefineHints } from "./calculator-form";

/** The default each refine input keeps when left empty, with its source and year. */
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
    industry: "Matches you with an advisor who knows your trade; it changes no figure.",
    price: price
      ? `Default: ${centsPerKwh(price.value)}, the ${price.source.year} average commercial price in ${state?.name} (EIA).`
      : state
        ? `No sourced average price is held for ${state.name}: enter yours (your bill's total ÷ its kWh).`
        : "Default: your state's average commercial price (EIA, 2023).",
    energyShare: `Default: ${share.value}% (NREL: demand charges are ${share.low}–${share.high}% of many bills); both ends are shown.`,
    yield: yieldRow
      ? `Default: ${yieldRow.value.toLocaleString("en-US")} for ${state?.name} (NREL PVWatts, ${yieldRow.source.year}); your site's own PVWatts run is better.`
      : "Default: your state's figure from NREL's PVWatts runs (2021); a PVWatts run for your site is better.",
    costPerW:
      first && last && curve
        ? `Default: a modelled cost curve (${first.source.year}), $${first.value.toFixed(2)}/W under ${first.maxKw ?? 0} kW to $${last.value.toFixed(2)} from ${last.minKw.toLocaleString("en-US")} kW: enter your quote's.`
        : first && last && first !== last
          ? `Default: by system size, from $${first.value.toFixed(2)} per watt (${first.label}) to $${last.value.toFixed(2)} (${last.label}), NREL's modelled costs: enter your quote's.`
          : first
            ? `Default: $${first.value.toFixed(2)} per watt (${first.source.title}, ${first.source.year}): enter your quote's.`
            : undefined,
    maxKw: "Default: no limit; the system is sized to your year's use.",
    acKw: `Default: DC ÷ ${data.dcAcRatio.value}. The credit's 1 MW test reads the AC size: enter your quote's.`,
    areaFt2: "Applied only with the watts per ft² your layout achieves.",
    wattsPerFt2: "From your installer's layout; no default is assumed.",
    owner:
      "Some state credits are only against personal income tax (not a C corporation's). Tax-exempt owners use elective pay, without depreciation.",
    taxRate: `Default: ${data.federalTaxRatePct.value}% (federal corporate rate only).`,
    inService: "Default: December 31, 2027, the federal credit's deadline.",
    began:
      "Then the credit holds to the end of the fourth year after it; before January 20, 2025, the old bonus phase-down applies.",
    financing: "A loan needs its rate and term below.",
    loanRate: "Needed for a loan.",
    loanTerm: "Needed for a loan.",
    storageCost: "Default: none. Counted for its credit only, not its bill savings.",
    storageKw: "Needed with a storage cost: its own size decides its credit rate.",
    discountRate: `Default: ${data.discountRatePct.value}% (NREL REopt, businesses).`,
    priceRise: `Default: ${data.priceEscalationPct.value}% (NREL REopt).`,
    omRise: `Default: ${data.omEscalationPct.value}% (NREL REopt).`,
    inverterCost: "Default: none beyond O&M (REopt adds none for solar): enter your quote's, with its year.",
    selfUse: "Default: 100% (sized to your use); exported energy earns less.",
    exportValue: "Default: $0 (no sourced figure); your utility's export credit.",
  };
}
