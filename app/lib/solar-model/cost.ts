import type { CostBand, SizeBand } from "./types";

export function bandAt<B extends SizeBand>(bands: readonly B[], kw: number): B | undefined {
  return bands.find((b) => kw >= b.minKw && (b.maxKw === null || kw < b.maxKw));
}

/** $/W DC: on the line between the band's two ends when it has them. */
export function costPerWAt(bands: readonly CostBand[], kw: number): { perW: number; band: CostBand | undefined } {
  const band = bandAt(bands, kw);
  if (!band) return { perW: 0, band };
  const { atMinKw, atMaxKw, maxKw, minKw } = band;
  if (atMinKw === undefined || atMaxKw === undefined || maxKw === null) return { perW: band.value, band };
  return { perW: atMinKw + ((kw - minKw) / (maxKw - minKw)) * (atMaxKw - atMinKw), band };
}
