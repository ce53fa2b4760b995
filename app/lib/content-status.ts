import { addDays, formatLongDate, type IsoDate } from "./dates";

/** Dates drive status: from `expiresOn` (the first day it no longer applies) a record is Expired. */
export type IncentiveStatus = "Active" | "At Risk" | "Expired";

type Dated = { status?: string | null; expiresOn?: string | null };

function hasExpired(expiresOn: string | null | undefined, today: IsoDate): boolean {
  return Boolean(expiresOn && today >= expiresOn);
}

export function incentiveStatus(row: Dated, today: IsoDate): IncentiveStatus {
  if (hasExpired(row.expiresOn, today) || row.status === "Expired") return "Expired";
  return row.status === "At Risk" ? "At Risk" : "Active";
}

export function policyStatus(row: Dated & { status: string }, today: IsoDate): string {
  return hasExpired(row.expiresOn, today) ? "Expired" : row.status;
}

/** Wording by end kind; "or-earlier": an end a cap can bring sooner ("at the latest"). */
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
