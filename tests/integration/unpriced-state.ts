import type * as ModelDataModule from "~/server/calculator/model-data.server";

/**
 * The calculator's data without one state's price (every state has one now), for the tests of
 * the page that must ask for it rather than guess:
 * `vi.mock("~/server/calculator/model-data.server", async (original) => (await import("./unpriced-state")).withoutPrice("WY", original))`.
 */
export async function withoutPrice(state: string, importOriginal: () => Promise<unknown>) {
  const real = (await importOriginal()) as typeof ModelDataModule;
  return {
    ...real,
    calculatorModelData: async (...args: Parameters<typeof real.calculatorModelData>) => {
      const data = await real.calculatorModelData(...args);
      const { [state]: _dropped, ...commercialPrice } = data.commercialPrice;
      return { ...data, commercialPrice };
    },
  };
}
