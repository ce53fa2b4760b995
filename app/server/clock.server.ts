import { type IsoDate, isoDateIn } from "~/lib/dates";
import { getConfig } from "./config.server";

/**
 * Today's date for the site: in the business's time zone, or the date pinned by CLOCK_TODAY
 * (tests). Every status that depends on a date reads it here, so one setting moves them all.
 */
export function today(): IsoDate {
  const config = getConfig();
  return config.CLOCK_TODAY ?? isoDateIn(config.SITE_TIME_ZONE);
}
