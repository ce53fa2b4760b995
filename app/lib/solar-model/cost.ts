import type { CostBand, SizeBand } from "./types";

/** The band that holds a system of `kw` kW. */
export function bandAt<B extends SizeBand>(bands: readonly B[], kw: number): B | undefined {
  return bands.find((b) => kw >= b.minKw && (b.maxKw === null || kw < b.maxKw));
}

/** $/W DC for a system of `kw` kW: on the band's line between its two ends, else the band's figure. */
export function costPerWAt(bands: readonly CostBand[], kw: number): { perW: number; band: CostBand | undefined } {
  const band = bandAt(bands, kw);
  if (!band) return { perW: 0, band };
  const { atMinKw, atMaxKw, maxKw, minKw } = band;
  if (atMinKw === undefined || atMaxKw === undefined || maxKw === null) return { perW: band.value, band };
  return { perW: atMinKw + ((kw - minKw) / (maxKw - minKw)) * (atMaxKw - atMinKw), band };
}
