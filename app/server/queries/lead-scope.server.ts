import { and, isNotNull, isNull, type SQL } from "drizzle-orm";
import type { leadSubmissions, leads } from "../db/schema";

/** Every lead list, count and export goes through `standing`, so no query forgets spam (0034) or merges (0028). */
type LeadTable = typeof leads | typeof leadSubmissions;

/** The per-day charts use this alone: a merged lead was still a submission. */
export const notSpam = (table: LeadTable): SQL => isNull(table.spamAt);

export const standing = (table: LeadTable): SQL => and(isNull(table.mergedIntoId), notSpam(table)) as SQL;

/** A merged lead stays with the lead it joined, even when spam. */
export const markedSpam = (table: LeadTable): SQL => and(isNull(table.mergedIntoId), isNotNull(table.spamAt)) as SQL;
