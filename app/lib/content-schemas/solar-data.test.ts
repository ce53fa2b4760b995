import { describe, expect, it } from "vitest";
import { validateContent } from "./index";
import { parseSolarDataKey, solarDataMessages, solarDataTitle } from "./solar-data";

const price = {
  key: "commercial_price_az",
  value: "0.1179",
  note: "11.79 cents/kWh",
  sourceTitle: "EIA Electric Power Annual",
  link: "https://www.eia.gov/electricity/annual/secrev-map.php",
  sourceYear: "2023",
};

describe("calculator figures", () => {
  it("name what each key is: a state's figure, a cost band or a parameter; anything else is not a figure", () => {
    expect(parseSolarDataKey("commercial_price_az")).toEqual({ dataset: "commercial_price", state: "AZ" });
    expect(parseSolarDataKey("specific_yield_ak")).toEqual({ dataset: "specific_yield", state: "AK" });
    expect(parseSolarDataKey("cost_band_small")).toEqual({ dataset: "cost_band", band: "small" });
    expect(parseSolarDataKey("degradation")).toEqual({ dataset: "parameter", parameter: "degradation" });
    for (const key of ["commercial_price_xx", "commercial_price_", "cost_band_", "site_banner", "toString"]) {
      expect(parseSolarDataKey(key), key).toBeNull();
    }
    expect(solarDataTitle("commercial_price_az")).toBe("Average commercial electricity price, Arizona");
    expect(solarDataTitle("specific_yield_ny")).toBe("Solar production per kW, New York");
  });

  it("accept a price in dollars per kWh and refuse one typed in cents, with the figure's message", () => {
    expect(validateContent("solar_data", price)).toMatchObject({
      ok: true,
      values: { value: 0.1179, sourceYear: 2023 },
    });
    expect(validateContent("solar_data", { ...price, value: "11.79" })).toEqual({
      ok: false,
      errors: { value: "Enter a price between 0.01 and 1.00 dollars per kWh (14 cents is 0.14)." },
    });
    expect(validateContent("solar_data", { ...price, key: "specific_yield_az", value: "0.1179" })).toEqual({
      ok: false,
      errors: { value: "Enter a yield between 300 and 2,500 kWh per kW per year." },
    });
    expect(validateContent("solar_data", { ...price, key: "degradation", value: "5" })).toEqual({
      ok: false,
      errors: { value: "Enter a value between 0 and 3 (%/yr)." },
    });
  });

  it("require the source, its page and its year; refuse an unknown key", () => {
    expect(validateContent("solar_data", { ...price, sourceTitle: "", link: "eia.gov", sourceYear: "" })).toEqual({
      ok: false,
      errors: {
        sourceTitle: solarDataMessages.sourceTitle,
        link: "Enter a full web address starting with https://",
        sourceYear: solarDataMessages.sourceYear,
      },
    });
    expect(validateContent("solar_data", { ...price, key: "commercial_price_xx" })).toEqual({
      ok: false,
      errors: { key: solarDataMessages.unknown },
    });
  });

  it("keep the energy share's range around its value, and ranges off every other figure", () => {
    const share = { ...price, key: "energy_share", value: "50", low: "30", high: "70" };
    expect(validateContent("solar_data", share)).toMatchObject({ ok: true });
    expect(validateContent("solar_data", { ...share, low: "60" })).toEqual({
      ok: false,
      errors: { low: solarDataMessages.lowHigh },
    });
    expect(validateContent("solar_data", { ...share, high: "" })).toEqual({
      ok: false,
      errors: { low: solarDataMessages.lowHigh },
    });
    expect(validateContent("solar_data", { ...price, low: "0.1" })).toEqual({
      ok: false,
      errors: { low: solarDataMessages.rangeOnlyForEnergyShare },
    });
  });

  it("refuse a cost band whose upper size is not above its lower one", () => {
    const band = { ...price, key: "cost_band_small", value: "3", minKw: "100", maxKw: "50", label: "small" };
    expect(validateContent("solar_data", band)).toEqual({ ok: false, errors: { maxKw: solarDataMessages.bandSizes } });
    expect(validateContent("solar_data", { ...band, maxKw: "" })).toMatchObject({ ok: true });
  });

  it("keep a cost band's curve ends around its average, both or neither, and only on a band with an upper size", () => {
    // REopt's 11–100 kW class: $2.746/W at 11 kW, $1.942 at 100 kW, average $2.344.
    const band = { ...price, key: "cost_band_small", value: "2.344", minKw: "11", maxKw: "100", label: "small" };
    expect(validateContent("solar_data", { ...band, high: "2.746", low: "1.942" })).toMatchObject({ ok: true });
    for (const ends of [{ high: "2.746" }, { high: "2.2", low: "1.942" }, { high: "2.746", low: "1.942", maxKw: "" }])
      expect(validateContent("solar_data", { ...band, ...ends })).toEqual({
        ok: false,
        errors: { high: solarDataMessages.curveEnds },
      });
  });
});
