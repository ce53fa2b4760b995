import { asc, getTableColumns, inArray } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { AppDatabase } from "../db/client.server";
import { leadSubmissions, leads } from "../db/schema";
import {
  addressPattern,
  leadsOfAddress,
  mentionsIn,
  mentionTables,
  type ScopedKey,
  type ScopedTable,
  scopedTables,
  submissionsOfAddress,
  textColumns,
} from "./personal-data-scope.server";

type Row = Record<string, unknown>;

function rowsIn(db: AppDatabase, { table, where, columns }: ScopedTable): Promise<Row[]> {
  if (!where) return Promise.resolve([]);
  return (columns ? db.select(columns) : db.select()).from(table).where(where) as Promise<Row[]>;
}

/** The words around it only: the record is someone else's. */
export type Mention = { record: string; id: string; field: string; excerpt: string };

async function findMentions(db: AppDatabase, leadIds: string[], address: string): Promise<Mention[]> {
  const found: Mention[] = [];
  for (const { name, table, owned } of mentionTables({ leadIds, address })) {
    const columns = textColumns(table);
    const id = getTableColumns(table).id as AnyPgColumn;
    const rows = await db
      .select({ id, ...Object.fromEntries(columns) })
      .from(table)
      .where(mentionsIn(table, address, owned));
    for (const row of rows as Record<string, unknown>[]) {
      for (const [field] of columns) {
        const value = row[field];
        const text = typeof value === "string" ? value : value == null ? "" : JSON.stringify(value);
        for (const match of text.matchAll(new RegExp(addressPattern(address), "gi"))) {
          const excerpt = text.slice(Math.max(0, match.index - 60), match.index + match[0].length + 60);
          found.push({ record: name, id: String(row.id), field, excerpt });
        }
      }
    }
  }
  return found;
}

export async function findPersonalData(db: AppDatabase, address: string) {
  const [leadRows, submissionRows] = await Promise.all([
    db.select().from(leads).where(leadsOfAddress(address)).orderBy(asc(leads.createdAt)),
    db.select().from(leadSubmissions).where(submissionsOfAddress(address)).orderBy(asc(leadSubmissions.submittedAt)),
  ]);
  const leadIds = [...leadRows.map((row) => row.id), ...submissionRows.map((row) => row.id)];
  const scoped = scopedTables({ leadIds, address });
  const [rows, mentions, otherLeadsMergedIn] = await Promise.all([
    Promise.all(scoped.map((entry) => rowsIn(db, entry))),
    findMentions(db, leadIds, address),
    leadIds.length
      ? Promise.all([
          db.select({ id: leads.id }).from(leads).where(inArray(leads.mergedIntoId, leadIds)),
          db
            .select({ id: leadSubmissions.id })
            .from(leadSubmissions)
            .where(inArray(leadSubmissions.mergedIntoId, leadIds)),
        ]).then(([a, b]) => a.length + b.length)
      : 0,
  ]);
  const held = Object.fromEntries(scoped.map(({ key }, i) => [key, rows[i] ?? []])) as Record<ScopedKey, Row[]>;
  return {
    address,
    leads: leadRows,
    billSubmissions: submissionRows,
    ...held,
    mentions,
    otherLeadsMergedIn,
  };
}

export type PersonalData = Awaited<ReturnType<typeof findPersonalData>>;

export const billKeysOf = (data: PersonalData): string[] =>
  data.billSubmissions.flatMap((row) => (row.fileUrl ? [row.fileUrl] : []));

export function personalDataCounts(data: PersonalData) {
  const scoped = Object.fromEntries(
    scopedTables({ leadIds: [], address: null }).map(({ key }) => [key, data[key].length]),
  ) as Record<ScopedKey, number>;
  return {
    leads: data.leads.length,
    billSubmissions: data.billSubmissions.length,
    billFiles: billKeysOf(data).length,
    ...scoped,
    mentions: new Set(data.mentions.map((mention) => `${mention.record} ${mention.id}`)).size,
  };
}
