import { and, isNotNull, isNull, type SQL } from "drizzle-orm";
import type { leadSubmissions, leads } from "../db/schema";

/**
 * Which leads the staff's work is made of, on either lead table. Every list, count, board column,
 * digest, duplicate match and the CSV goes through `standing`, so a new query cannot forget spam
 * (decision 0034) or merged leads (decision 0028).
 */
type LeadTable = typeof leads | typeof leadSubmissions;

/** Not marked as spam: the dashboard's per-day charts use it alone (a merged lead was still a submission). */
export const notSpam = (table: LeadTable): SQL => isNull(table.spamAt);

/** A lead of its own that is real: not merged into another, not spam. */
export const standing = (table: LeadTable): SQL => and(isNull(table.mergedIntoId), notSpam(table)) as SQL;

/** The Spam view: leads marked as spam (a merged one stays with the lead it joined). */
export const markedSpam = (table: LeadTable): SQL => and(isNull(table.mergedIntoId), isNotNull(table.spamAt)) as SQL;
