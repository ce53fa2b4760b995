import { SOLAR_DATA } from "~/content/solar-data";
import { builtInStateIncentives } from "~/content/solar-data/incentives";
import type { IsoDate } from "~/lib/dates";
import { calculatorIncentives } from "~/lib/solar-model/terms";
import type { ModelData } from "~/lib/solar-model/types";
import { getConfig } from "../config.server";
import { sharedModelFigures, sharedStateIncentives } from "../content/shared-content.server";
import { getDb } from "../db/db.server";
import { errorFields, log } from "../log.server";

export async function calculatorFigures(): Promise<ModelData> {
  try {
    return await sharedModelFigures(await getDb(), getConfig().HTML_CACHE_SECONDS);
  } catch (error) {
    log.warn(errorFields(error), "Calculator: the figures could not be read; built-in ones used");
    return SOLAR_DATA;
  }
}

/** If the database cannot be read, built-in data stands in: an estimate is still shown rather than none. */
export async function calculatorModelData(stateCode: string, today: IsoDate): Promise<ModelData> {
  const maxSeconds = getConfig().HTML_CACHE_SECONDS;
  try {
    const db = await getDb();
    const [data, rows] = await Promise.all([
      sharedModelFigures(db, maxSeconds),
      sharedStateIncentives(db, stateCode, maxSeconds),
    ]);
    const own = rows.filter((row) => row.state === stateCode);
    return { ...data, stateIncentives: calculatorIncentives(own, today) };
  } catch (error) {
    log.warn(
      errorFields(error),
      "Calculator: the figures or the state's programs could not be read; built-in ones used",
    );
    return { ...SOLAR_DATA, stateIncentives: builtInStateIncentives(today).filter((p) => p.state === stateCode) };
  }
}
