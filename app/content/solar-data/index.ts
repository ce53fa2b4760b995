import type { DataRow, ModelData } from "~/lib/solar-model/types";
import { STRUCTURED_STATE_INCENTIVES } from "./incentives";
import {
  COST_BANDS,
  DEGRADATION_PCT,
  DISCOUNT_RATE_PCT,
  ENERGY_SHARE_OF_BILL_PCT,
  FEDERAL_TAX_RATE_PCT,
  OM_BANDS,
  OM_ESCALATION_PCT,
  PRICE_ESCALATION_PCT,
} from "./parameters";
import { COMMERCIAL_PRICES } from "./prices";
import { SPECIFIC_YIELDS, YIELD_DC_AC_RATIO } from "./yields";

/** No sourced export value for any state: exports count at $0 unless given. */
export const EXPORT_VALUES: Readonly<Record<string, DataRow>> = {};

export const SOLAR_DATA: ModelData = {
  commercialPrice: COMMERCIAL_PRICES,
  specificYield: SPECIFIC_YIELDS,
  dcAcRatio: YIELD_DC_AC_RATIO,
  exportValue: EXPORT_VALUES,
  // Keys name the bands' database rows (app/content/seed/solar-data.ts), not the model's.
  costBands: COST_BANDS.map(({ key: _key, ...band }) => band),
  degradationPct: DEGRADATION_PCT,
  priceEscalationPct: PRICE_ESCALATION_PCT,
  omBands: OM_BANDS.map(({ key: _key, ...band }) => band),
  omEscalationPct: OM_ESCALATION_PCT,
  discountRatePct: DISCOUNT_RATE_PCT,
  federalTaxRatePct: FEDERAL_TAX_RATE_PCT,
  energyShareOfBillPct: ENERGY_SHARE_OF_BILL_PCT,
  stateIncentives: STRUCTURED_STATE_INCENTIVES,
};
