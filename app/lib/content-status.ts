import { addDays, formatLongDate, type IsoDate } from "./dates";

/**
 * Dates drive status (so nobody has to remember to edit a record on the day a program ends):
 * a record whose `expiresOn` has come is Expired from that day; before it, or without a date,
 * its explicit status applies. `expiresOn` is the first day the program no longer applies.
 */
export type IncentiveStatus = "Active" | "At Risk" | "Expired";

type Dated = { status?: string | null; expiresOn?: string | null };

function hasExpired(expiresOn: string | null | undefined, today: IsoDate): boolean {
  return Boolean(expiresOn && today >= expiresOn);
}

export function incentiveStatus(row: Dated, today: IsoDate): IncentiveStatus {
  if (hasExpired(row.expiresOn, today) || row.status === "Expired") return "Expired";
  return row.status === "At Risk" ? "At Risk" : "Active";
}

/** A policy update keeps its own status (At Risk, Confirmed, Extended) until its date passes. */
export function policyStatus(row: Dated & { status: string }, today: IsoDate): string {
  return hasExpired(row.expiresOn, today) ? "Expired" : row.status;
}

/**
 * "Available through June 30, 2026" before the end, "Ended June 30, 2026" from it; for a
 * placed-in-service deadline "In service by December 31, 2027" (not a sign-up window), then
 * "Ended for systems in service after December 31, 2027"; for an end that can come sooner (a
 * capacity cap) "Until June 30, 2029 at the latest". Null without a date. `kind` is the record's
 * stored end kind; anything else is the program's own end.
 */
export function endDateLabel(
  expiresOn: string | null | undefined,
  today: IsoDate,
  kind?: string | null,
): string | null {
  if (!expiresOn) return null;
  const lastDay = formatLongDate(addDays(expiresOn, -1));
  const ended = hasExpired(expiresOn, today);
  if (kind === "in-service")
    return ended ? `Ended for systems in service after ${lastDay}` : `In service by ${lastDay}`;
  if (kind === "or-earlier") return ended ? `Ended ${lastDay}` : `Until ${lastDay} at the latest`;
  return ended ? `Ended ${lastDay}` : `Available through ${lastDay}`;
}
