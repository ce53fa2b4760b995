import { calculatorIncentives } from "~/lib/solar-model/terms";
import type { StructuredIncentive } from "~/lib/solar-model/types";
import { stateIncentiveSeed } from "../seed/state-incentives";

/**
 * Built-in state programs with calculator terms (NM, SC, UT; the rest are only listed), used only
 * when the database cannot be read (app/server/calculator/model-data.server.ts).
 */
export function builtInStateIncentives(today: string): StructuredIncentive[] {
  return calculatorIncentives(stateIncentiveSeed, today);
}

/** As on the day the terms were last reviewed. */
export const STRUCTURED_STATE_INCENTIVES: readonly StructuredIncentive[] = builtInStateIncentives("2026-11-26");
