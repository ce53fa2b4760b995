import { type IsoDate, isoDateIn } from "~/lib/dates";
import { getConfig } from "./config.server";

/** In the business's time zone, or CLOCK_TODAY (tests). */
export function today(): IsoDate {
  const config = getConfig();
  return config.CLOCK_TODAY ?? isoDateIn(config.SITE_TIME_ZONE);
}
