import { type ParameterKey, type StateDataset, solarDataKey } from "~/lib/content-schemas/solar-data";
import type { FigureRow } from "~/lib/solar-model/figures";
import type { DataRow } from "~/lib/solar-model/types";
import { EXPORT_VALUES } from "../solar-data";
import {
  COST_BANDS,
  DEGRADATION_PCT,
  DISCOUNT_RATE_PCT,
  ENERGY_SHARE_OF_BILL_PCT,
  FEDERAL_TAX_RATE_PCT,
  OM_BANDS,
  OM_ESCALATION_PCT,
  PRICE_ESCALATION_PCT,
} from "../solar-data/parameters";
import { COMMERCIAL_PRICES } from "../solar-data/prices";
import { SPECIFIC_YIELDS } from "../solar-data/yields";

export type SolarDataSeedRecord = FigureRow;

function record(key: string, row: DataRow, extra: Partial<SolarDataSeedRecord> = {}): SolarDataSeedRecord {
  return {
    key,
    value: row.value,
    low: null,
    high: null,
    minKw: null,
    maxKw: null,
    label: null,
    note: row.note ?? null,
    sourceTitle: row.source.title,
    link: row.source.url,
    sourceYear: row.source.year,
    lastReviewedAt: row.source.reviewedOn,
    ...extra,
  };
}

const stateTable = (dataset: StateDataset, rows: Readonly<Record<string, DataRow>>) =>
  Object.entries(rows).map(([state, row]) => record(solarDataKey(dataset, state), row));

const PARAMETER_ROWS: Record<Exclude<ParameterKey, "energy_share">, DataRow> = {
  degradation: DEGRADATION_PCT,
  price_escalation: PRICE_ESCALATION_PCT,
  discount_rate: DISCOUNT_RATE_PCT,
  om_escalation: OM_ESCALATION_PCT,
  federal_tax_rate: FEDERAL_TAX_RATE_PCT,
};

/** Cost bands are named `cost_band_all`… */
export const solarDataSeed: readonly SolarDataSeedRecord[] = [
  ...Object.entries(PARAMETER_ROWS).map(([key, row]) => record(key, row)),
  record("energy_share", ENERGY_SHARE_OF_BILL_PCT, {
    low: ENERGY_SHARE_OF_BILL_PCT.low,
    high: ENERGY_SHARE_OF_BILL_PCT.high,
  }),
  ...COST_BANDS.map((band) =>
    record(`cost_band_${band.key}`, band, {
      minKw: band.minKw,
      maxKw: band.maxKw,
      label: band.label,
      // High at the smallest size, low at the largest, as the editor keeps them.
      high: band.atMinKw ?? null,
      low: band.atMaxKw ?? null,
    }),
  ),
  ...OM_BANDS.map((band) =>
    record(`om_band_${band.key}`, band, { minKw: band.minKw, maxKw: band.maxKw, label: band.label }),
  ),
  ...stateTable("commercial_price", COMMERCIAL_PRICES),
  ...stateTable("specific_yield", SPECIFIC_YIELDS),
  ...stateTable("export_value", EXPORT_VALUES),
];
