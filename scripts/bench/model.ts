import { estimate } from "../../app/lib/solar-model";

// Best of five batches so a busy machine inflates it less; measured here, never asserted in a test.
export function benchModel(): { microsPerEstimate: number; missed: string[] } {
  const runs = 500;
  let perEstimate = Number.POSITIVE_INFINITY;
  for (let batch = 0; batch < 5; batch++) {
    const start = performance.now();
    for (let i = 0; i < runs; i++) {
      estimate({
        today: "2026-11-25",
        monthlyBill: 1000 + i,
        state: "SC",
        taxRatePct: 26,
      });
    }
    perEstimate = Math.min(perEstimate, (performance.now() - start) / runs);
  }
  const microsPerEstimate = perEstimate * 1000;
  return {
    microsPerEstimate,
    missed: perEstimate < 1 ? [] : [`solar model ${microsPerEstimate.toFixed(0)} µs ≥ 1 ms`],
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`Solar model: ${benchModel().microsPerEstimate.toFixed(1)} µs per estimate (target < 1,000)`);
}
