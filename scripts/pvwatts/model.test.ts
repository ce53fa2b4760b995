import { describe, expect, it } from "vitest";
import { coverFactors, inverterAc, sunPosition } from "./model";

describe("PVWatts model", () => {
  it("places the sun as NREL SPA's worked example (Reda & Andreas 2004, table A5.1)", () => {
    // 2003-10-17 12:30:30 local, UTC−7, Golden CO, 820 mbar, 11 °C: zenith 50.11162°, azimuth 194.34024°.
    const sun = sunPosition(2003, 10, 17, 12 + 30 / 60 + 30 / 3600, 39.742476, -105.1786, -7, 820, 11);
    expect(Math.abs(sun.zenith - 50.11162)).toBeLessThan(0.01);
    expect(Math.abs(sun.azimuth - 194.34024)).toBeLessThan(0.01);
  });

  it("follows PVWatts' inverter curve (Dobos 2014, eq. 10-11)", () => {
    const acRated = 1000 / 1.3;
    const pdc0 = acRated / 0.98; // DC input at which the efficiency equals the nominal one
    expect(inverterAc(pdc0, acRated, 0.98)).toBeCloseTo(acRated, 9);
    // plr 0.5: (−0.0081 − 0.0118 + 0.9858) / 0.9637 = 1.0022829 of nominal
    expect(inverterAc(0.5 * pdc0, acRated, 0.98) / (0.5 * pdc0)).toBeCloseTo(0.98 * 1.0022829, 6);
    // plr 0.1: (−0.00162 − 0.059 + 0.9858) / 0.9637 = 0.9600290 of nominal
    expect(inverterAc(0.1 * pdc0, acRated, 0.98) / (0.1 * pdc0)).toBeCloseTo(0.98 * 0.960029, 6);
    expect(inverterAc(2 * pdc0, acRated, 0.98)).toBe(acRated); // clipped
    expect(inverterAc(0, acRated, 0.98)).toBe(0);
  });

  it("applies the AR-glass cover factor (Fresnel + Bouguer, PVWatts' normalisation)", () => {
    // Normal incidence: the AR-coated transmittance exceeds PVWatts' reference, so the factor is capped at 1.
    expect(coverFactors(0, 10).beam).toBe(1);
    // 60°: coating 1→1.3 passes 0.946490, glass 1.3→1.526 then 0.981652 → 0.929124; reference 0.932806.
    expect(coverFactors(60, 10).beam).toBeCloseTo(0.929124 / 0.932806, 3);
  });
});
