import { describe, expect, it } from "vitest";
import { solarDataSeed } from "~/content/seed/solar-data";
import { SOLAR_DATA } from "~/content/solar-data";
import { coversEverySize, type FigureRow, modelDataWithFigures } from "./figures";

const figure = (key: string, value: number, extra: Partial<FigureRow> = {}): FigureRow => ({
  key,
  value,
  low: null,
  high: null,
  minKw: null,
  maxKw: null,
  label: null,
  note: null,
  sourceTitle: "Edited source",
  link: "https://www.example.gov/figures",
  sourceYear: 2025,
  lastReviewedAt: "2026-11-26",
  ...extra,
});

describe("model data from the editors' figures", () => {
  it("is the built-in data when the rows are the seed's (nothing lost or changed on the way through the database)", () => {
    const data = modelDataWithFigures(SOLAR_DATA, solarDataSeed);
    expect(data).toEqual(SOLAR_DATA);
  });

  it("uses an edited figure with its own source, and leaves every other figure alone", () => {
    const data = modelDataWithFigures(SOLAR_DATA, [figure("commercial_price_az", 0.15), figure("discount_rate", 7)]);
    expect(data.commercialPrice.AZ).toEqual({
      value: 0.15,
      unit: "$/kWh",
      source: { title: "Edited source", url: "https://www.example.gov/figures", year: 2025, reviewedOn: "2026-11-26" },
    });
    expect(data.discountRatePct.value).toBe(7);
    expect(data.commercialPrice.CA).toBe(SOLAR_DATA.commercialPrice.CA);
    expect(data.specificYield).toEqual(SOLAR_DATA.specificYield);
    expect(SOLAR_DATA.commercialPrice.AZ?.value).toBe(0.1179);
  });

  it("adds a state's figure the built-in tables lack (an export value)", () => {
    const data = modelDataWithFigures(SOLAR_DATA, [figure("export_value_ny", 0.05)]);
    expect(data.exportValue.NY?.value).toBe(0.05);
  });

  it("skips a row the editor would refuse: out of range or not a figure", () => {
    const data = modelDataWithFigures(SOLAR_DATA, [
      figure("commercial_price_az", 11.79),
      figure("specific_yield_tx", 12),
      figure("unknown_thing", 1),
    ]);
    expect(data.commercialPrice.AZ).toBe(SOLAR_DATA.commercialPrice.AZ);
    expect(data.specificYield.TX).toBe(SOLAR_DATA.specificYield.TX);
  });

  it("takes cost bands only as a set that prices every size", () => {
    const small = figure("cost_band_small", 3.2, { minKw: 0, maxKw: 100, label: "small" });
    const large = figure("cost_band_large", 2.1, { minKw: 100, maxKw: null, label: "large" });
    expect(modelDataWithFigures(SOLAR_DATA, [large, small]).costBands.map((band) => band.value)).toEqual([3.2, 2.1]);
    // Without the small band, systems under 100 kW would have no price: the built-in bands stay.
    expect(modelDataWithFigures(SOLAR_DATA, [large]).costBands).toBe(SOLAR_DATA.costBands);
    const gap = figure("cost_band_large", 2.1, { minKw: 150, maxKw: null });
    expect(coversEverySize(modelDataWithFigures(SOLAR_DATA, [small, gap]).costBands)).toBe(true);
    expect(modelDataWithFigures(SOLAR_DATA, [small, gap]).costBands).toBe(SOLAR_DATA.costBands);
  });
});
