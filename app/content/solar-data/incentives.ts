import { calculatorIncentives } from "~/lib/solar-model/terms";
import type { StructuredIncentive } from "~/lib/solar-model/types";
import { stateIncentiveSeed } from "../seed/state-incentives";

/**
 * The built-in state and utility programs as the model reads them: the seed's records with their
 * calculator terms (New Mexico, South Carolina and Utah have terms; the rest are listed, never
 * counted). The calculator reads the live records from the database and uses these only when it
 * cannot (app/server/calculator/model-data.server.ts). Ended programs are dropped on the day.
 */
export function builtInStateIncentives(today: string): StructuredIncentive[] {
  return calculatorIncentives(stateIncentiveSeed, today);
}

/** As on the day the terms were last reviewed: for tests and the benchmark. */
export const STRUCTURED_STATE_INCENTIVES: readonly StructuredIncentive[] = builtInStateIncentives("2026-11-26");
