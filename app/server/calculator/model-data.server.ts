import { SOLAR_DATA } from "~/content/solar-data";
import { builtInStateIncentives } from "~/content/solar-data/incentives";
import type { IsoDate } from "~/lib/dates";
import { calculatorIncentives } from "~/lib/solar-model/terms";
import type { ModelData } from "~/lib/solar-model/types";
import { getDb } from "../db/db.server";
import { errorFields, log } from "../log.server";
import { readIncentives } from "../queries/incentives.server";

/**
 * The model's data for one state: the sourced tables, and the state's programs as editors keep
 * them (their calculator terms). If the database cannot be read, the built-in programs stand in:
 * an estimate is still shown rather than none.
 */
export async function calculatorModelData(stateCode: string, today: IsoDate): Promise<ModelData> {
  try {
    const rows = await readIncentives(await getDb(), { state: stateCode });
    const own = rows.filter((row) => row.state === stateCode);
    return { ...SOLAR_DATA, stateIncentives: calculatorIncentives(own, today) };
  } catch (error) {
    log.warn(errorFields(error), "Calculator: the state's programs could not be read; built-in ones used");
    return { ...SOLAR_DATA, stateIncentives: builtInStateIncentives(today).filter((p) => p.state === stateCode) };
  }
}
