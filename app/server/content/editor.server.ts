import { parseWithZod } from "@conform-to/zod/v4";
import { and, eq, inArray } from "drizzle-orm";
import {
  CONTENT_KIND_ABILITIES,
  type ContentKind,
  contentSchemas,
  isContentBlockKey,
  KEYED_KINDS,
  validateContent,
} from "~/lib/content-schemas";
import { isUuid } from "~/lib/ids";
import { today as siteToday } from "../clock.server";
import type { AppDatabase } from "../db/client.server";
import { contentDrafts, contentRevisions, user } from "../db/schema";
import { noteContentChanged } from "../db/seed-state.server";
import { CONTENT_FORM_LIMITS, staffFormProblem } from "../staff-form-limits.server";
import { contentChanged } from "./content-events.server";
import {
  diffSnapshots,
  editableValues,
  isRecordId,
  KINDS,
  newRecordId,
  newSlug,
  type Row,
  readRow,
  STAFF_CREATED_SEED_HASH,
  snapshotOf,
} from "./records.server";
import { type Actor, actorOf, type RevisionAction, readHistory, recordRevision, type Staff } from "./revisions.server";

export type { Staff } from "./revisions.server";

/**
 * The content editor's services (decision 0011). The role check is the caller's; validation is here:
 * an invalid record saves nothing. Live changes write row and history in one transaction.
 */

export type Errors = Record<string, string>;
type Refusal = { ok: false; errors: Errors; notFound?: true };
export type SaveResult = { ok: true; id: string } | Refusal;
export type ChangeResult = { ok: true; id: string; changed: string[] } | Refusal;

export const editorMessages = {
  notFound: "This record does not exist.",
  cannotCreate: "Records of this kind cannot be created here.",
  cannotRetire: "Records of this kind cannot be retired.",
  cannotReview: "Records of this kind have no review date.",
  noDraft: "There is no draft to publish.",
  noRevision: "This version does not exist.",
  notSubmitted: "Nothing was saved: the form was not submitted.",
} as const;

const refuse = (form: string, notFound = false): Refusal =>
  notFound ? { ok: false, errors: { form }, notFound: true } : { ok: false, errors: { form } };

class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super("refused");
  }
}

async function inTransaction<T>(db: AppDatabase, work: (tx: AppDatabase) => Promise<T>): Promise<T | Refusal> {
  try {
    return await db.transaction(async (tx) => {
      // First, before any row lock: the next start's seed must see this change (seed-state.server.ts).
      await noteContentChanged(tx as unknown as AppDatabase);
      return work(tx as unknown as AppDatabase);
    });
  } catch (error) {
    if (error instanceof Refused) return error.refusal;
    throw error;
  }
}

export type ContentInput = FormData | URLSearchParams | Record<string, unknown>;

function validateInput(kind: ContentKind, id: string | null, input: ContentInput) {
  if (input instanceof FormData || input instanceof URLSearchParams) {
    // This keeps every other caller from parsing an unbounded form.
    const problem = staffFormProblem(input, CONTENT_FORM_LIMITS[kind]);
    if (problem) return { ok: false as const, errors: { form: problem } };
    const form = new FormData();
    for (const [name, value] of input.entries()) form.append(name, value);
    if (KEYED_KINDS.has(kind) && id) form.set("key", id);
    const submission = parseWithZod(form, { schema: contentSchemas[kind] });
    if (submission.status === "success") return { ok: true as const, values: submission.value as Row };
    const errors: Errors = {};
    for (const [name, messages] of Object.entries(submission.error ?? {})) {
      if (messages?.[0]) errors[name || "form"] = messages[0];
    }
    if (!Object.keys(errors).length) errors.form = editorMessages.notSubmitted;
    return { ok: false as const, errors };
  }
  const values = KEYED_KINDS.has(kind) && id ? { ...input, key: id } : input;
  const result = validateContent(kind, values);
  return result.ok ? { ok: true as const, values: result.values as Row } : result;
}

async function draftOf(db: AppDatabase, kind: ContentKind, id: string) {
  const [draft] = await db
    .select()
    .from(contentDrafts)
    .where(and(eq(contentDrafts.kind, kind), eq(contentDrafts.recordId, id)))
    .limit(1);
  return draft ?? null;
}

async function exists(db: AppDatabase, kind: ContentKind, id: string): Promise<boolean> {
  if (!isRecordId(kind, id)) return false;
  if (kind === "site_content") return isContentBlockKey(id);
  return Boolean((await readRow(db, kind, id)) ?? (await draftOf(db, kind, id)));
}

export async function saveDraft(
  db: AppDatabase,
  kind: ContentKind,
  id: string | null,
  input: ContentInput,
  staff: Staff,
): Promise<SaveResult> {
  if (id === null && !CONTENT_KIND_ABILITIES[kind].create) return refuse(editorMessages.cannotCreate);
  if (id !== null && !(await exists(db, kind, id))) return refuse(editorMessages.notFound, true);
  const checked = validateInput(kind, id, input);
  if (!checked.ok) return checked;
  const recordId = id ?? newRecordId();
  const actor = actorOf(staff);
  const draft = { values: checked.values, updatedBy: actor.id, updatedByName: actor.name, updatedAt: new Date() };
  await db
    .insert(contentDrafts)
    .values({ kind, recordId, ...draft })
    .onConflictDoUpdate({ target: [contentDrafts.kind, contentDrafts.recordId], set: draft });
  return { ok: true, id: recordId };
}

export async function discardDraft(db: AppDatabase, kind: ContentKind, id: string): Promise<boolean> {
  const deleted = await db
    .delete(contentDrafts)
    .where(and(eq(contentDrafts.kind, kind), eq(contentDrafts.recordId, id)))
    .returning({ id: contentDrafts.recordId });
  return deleted.length > 0;
}

/** Never touches `seed_hash`: the seed tells an edited row by its values no longer matching it. */
async function applyValues(
  tx: AppDatabase,
  kind: ContentKind,
  id: string,
  values: Row,
  actor: Actor,
  action: RevisionAction,
  today: string,
): Promise<{ created: boolean; changed: string[] }> {
  const meta = KINDS[kind];
  const editable = Object.fromEntries(meta.editable.map((field) => [field, values[field] ?? null]));
  const before = await readRow(tx, kind, id, true);
  if (!before) {
    if (!CONTENT_KIND_ABILITIES[kind].create && !(kind === "site_content" && isContentBlockKey(id))) {
      throw new Refused(refuse(editorMessages.notFound, true));
    }
    const identity = kind === "site_content" ? { key: id } : { id, slug: newSlug(String(editable.title ?? ""), id) };
    const review = meta.reviewed ? { lastReviewedAt: today, lastReviewedBy: actor.id } : {};
    const [row] = (await tx
      .insert(meta.table)
      .values({ ...editable, ...identity, ...review, seedHash: STAFF_CREATED_SEED_HASH } as never)
      .returning()) as Row[];
    if (!row) throw new Error(`Inserting the ${kind} ${id} returned no row`);
    const changes = await recordRevision(tx, {
      kind,
      recordId: id,
      action: "create",
      actor,
      before: null,
      after: snapshotOf(kind, row),
    });
    return { created: true, changed: Object.keys(changes) };
  }
  const planned = diffSnapshots(snapshotOf(kind, before), snapshotOf(kind, { ...before, ...editable }));
  if (!Object.keys(planned).length) return { created: false, changed: [] };
  const set: Row = { ...editable };
  // A changed page list makes the last check's answer about other pages.
  if (meta.sourceChecked && ("link" in planned || "sources" in planned || "calculatorTerms" in planned)) {
    Object.assign(set, { sourceCheckStatus: null, sourceCheckedAt: null, sourceCheckDetail: null });
  }
  return { created: false, changed: await writeAndRecord(tx, kind, id, before, set, action, actor) };
}

/** A version saved before records had sources (migration 0037) keeps the current ones, so it can be restored. */
async function withCurrentSources<T>(db: AppDatabase, kind: ContentKind, id: string, values: T): Promise<T> {
  if (!KINDS[kind].editable.includes("sources") || !values || typeof values !== "object") return values;
  const given = (values as Row).sources;
  if (Array.isArray(given) && given.length) return values;
  const current = (await readRow(db, kind, id))?.sources;
  return Array.isArray(current) && current.length ? ({ ...(values as Row), sources: current } as T) : values;
}

async function writeAndRecord(
  tx: AppDatabase,
  kind: ContentKind,
  id: string,
  before: Row,
  set: Row,
  action: RevisionAction,
  actor: Actor,
): Promise<string[]> {
  const meta = KINDS[kind];
  const [row] = (await tx
    .update(meta.table)
    .set({ ...set, ...(meta.hasUpdatedAt ? { updatedAt: new Date() } : {}) } as never)
    .where(eq(meta.idColumn, id))
    .returning()) as Row[];
  if (!row) throw new Error(`${action} of the ${kind} ${id} returned no row`);
  const changes = await recordRevision(tx, {
    kind,
    recordId: id,
    action,
    actor,
    before: snapshotOf(kind, before),
    after: snapshotOf(kind, row),
    beforeAt: (before.updatedAt ?? before.createdAt ?? null) as Date | null,
  });
  return Object.keys(changes);
}

type Options = { today?: string };

export async function publish(
  db: AppDatabase,
  kind: ContentKind,
  id: string,
  staff: Staff,
  options: Options = {},
): Promise<ChangeResult> {
  if (!isRecordId(kind, id)) return refuse(editorMessages.notFound, true);
  const today = options.today ?? siteToday();
  const result = await inTransaction(db, async (tx) => {
    // Deleting first claims the draft: a second publish at the same moment finds none.
    const [draft] = await tx
      .delete(contentDrafts)
      .where(and(eq(contentDrafts.kind, kind), eq(contentDrafts.recordId, id)))
      .returning();
    if (!draft) throw new Refused(refuse(editorMessages.noDraft));
    // Validated again: a draft saved under older rules must not go live unchecked.
    const checked = validateInput(kind, id, await withCurrentSources(tx, kind, id, draft.values));
    if (!checked.ok) throw new Refused(checked);
    return applyValues(tx, kind, id, checked.values, actorOf(staff), "publish", today);
  });
  if ("errors" in result) return result;
  return settled(kind, id, result.changed);
}

export async function saveAndPublish(
  db: AppDatabase,
  kind: ContentKind,
  id: string | null,
  input: ContentInput,
  staff: Staff,
  options: Options = {},
): Promise<ChangeResult> {
  if (id === null && !CONTENT_KIND_ABILITIES[kind].create) return refuse(editorMessages.cannotCreate);
  if (id !== null && !(await exists(db, kind, id))) return refuse(editorMessages.notFound, true);
  const checked = validateInput(kind, id, input);
  if (!checked.ok) return checked;
  const recordId = id ?? newRecordId();
  const today = options.today ?? siteToday();
  const result = await inTransaction(db, async (tx) => {
    const applied = await applyValues(tx, kind, recordId, checked.values, actorOf(staff), "update", today);
    await tx.delete(contentDrafts).where(and(eq(contentDrafts.kind, kind), eq(contentDrafts.recordId, recordId)));
    return applied;
  });
  if ("errors" in result) return result;
  return settled(kind, recordId, result.changed);
}

async function setRetired(db: AppDatabase, kind: ContentKind, id: string, staff: Staff, retire: boolean) {
  if (!CONTENT_KIND_ABILITIES[kind].retire) return refuse(editorMessages.cannotRetire);
  const actor = actorOf(staff);
  const result = await inTransaction(db, (tx) =>
    updateAndRecord(tx, kind, id, actor, retire ? "retire" : "unretire", (before) =>
      Boolean(before.retiredAt) === retire
        ? null
        : { retiredAt: retire ? new Date() : null, retiredBy: retire ? actor.id : null },
    ),
  );
  if (!Array.isArray(result)) return result;
  return settled(kind, id, result);
}

async function updateAndRecord(
  tx: AppDatabase,
  kind: ContentKind,
  id: string,
  actor: ReturnType<typeof actorOf>,
  action: "retire" | "unretire" | "review",
  valuesFor: (before: Row) => Record<string, unknown> | null,
): Promise<string[]> {
  const before = await readRow(tx, kind, id, true);
  if (!before) throw new Refused(refuse(editorMessages.notFound, true));
  const values = valuesFor(before);
  return values ? writeAndRecord(tx, kind, id, before, values, action, actor) : [];
}

async function settled(kind: ContentKind, id: string, changed: string[], always = false): Promise<ChangeResult> {
  if (always || changed.length) await contentChanged(kind, id);
  return { ok: true, id, changed };
}

export function retire(db: AppDatabase, kind: ContentKind, id: string, staff: Staff): Promise<ChangeResult> {
  return setRetired(db, kind, id, staff, true);
}

export function unretire(db: AppDatabase, kind: ContentKind, id: string, staff: Staff): Promise<ChangeResult> {
  return setRetired(db, kind, id, staff, false);
}

export function history(db: AppDatabase, kind: ContentKind, id: string) {
  return readHistory(db, kind, id);
}

/** Only content fields are restored: retirement and the review date stay. A draft is kept. */
export async function restore(
  db: AppDatabase,
  kind: ContentKind,
  id: string,
  revisionId: string,
  staff: Staff,
  options: Options = {},
): Promise<ChangeResult> {
  if (!isRecordId(kind, id) || !isUuid(revisionId)) return refuse(editorMessages.noRevision, true);
  const [revision] = await db
    .select()
    .from(contentRevisions)
    .where(and(eq(contentRevisions.id, revisionId), eq(contentRevisions.kind, kind), eq(contentRevisions.recordId, id)))
    .limit(1);
  if (!revision) return refuse(editorMessages.noRevision, true);
  const checked = validateInput(kind, id, await withCurrentSources(db, kind, id, revision.snapshot));
  if (!checked.ok) return checked;
  const today = options.today ?? siteToday();
  const result = await inTransaction(db, (tx) =>
    applyValues(tx, kind, id, checked.values, actorOf(staff), "restore", today),
  );
  if ("errors" in result) return result;
  return settled(kind, id, result.changed);
}

export async function markReviewed(
  db: AppDatabase,
  kind: ContentKind,
  id: string,
  staff: Staff,
  options: Options = {},
): Promise<ChangeResult> {
  if (!CONTENT_KIND_ABILITIES[kind].review) return refuse(editorMessages.cannotReview);
  const today = options.today ?? siteToday();
  const actor = actorOf(staff);
  // Recorded even when the date was already today: the review itself is the event.
  const result = await inTransaction(db, (tx) =>
    updateAndRecord(tx, kind, id, actor, "review", () => ({ lastReviewedAt: today, lastReviewedBy: actor.id })),
  );
  if (!Array.isArray(result)) return result;
  return settled(kind, id, result, true);
}

const isoOrNull = (value: unknown) => (value instanceof Date ? value.toISOString() : null);

export async function readForEditor(db: AppDatabase, kind: ContentKind, id: string) {
  if (!isRecordId(kind, id)) return null;
  if (kind === "site_content" && !isContentBlockKey(id)) return null;
  const meta = KINDS[kind];
  const [row, draft] = await Promise.all([readRow(db, kind, id), draftOf(db, kind, id)]);
  if (!row && !draft && kind !== "site_content") return null;
  const userIds = [row?.lastReviewedBy, row?.retiredBy].filter((value): value is string => typeof value === "string");
  const names = new Map(
    userIds.length
      ? (await db.select({ id: user.id, name: user.name }).from(user).where(inArray(user.id, userIds))).map((u) => [
          u.id,
          u.name,
        ])
      : [],
  );
  const nameOf = (userId: unknown) => (typeof userId === "string" ? (names.get(userId) ?? null) : null);
  const live = row ? editableValues(kind, row) : null;
  const shown = draft?.values ?? live ?? (KEYED_KINDS.has(kind) ? { key: id } : {});
  return {
    kind,
    id,
    isNew: !row,
    slug: (row?.slug as string | undefined) ?? null,
    live,
    draft: draft
      ? { values: draft.values, updatedAt: draft.updatedAt.toISOString(), updatedByName: draft.updatedByName }
      : null,
    values: shown,
    retired: meta.retirable && row?.retiredAt ? { at: isoOrNull(row.retiredAt), byName: nameOf(row.retiredBy) } : null,
    review:
      meta.reviewed && row
        ? { lastReviewedAt: row.lastReviewedAt as string, lastReviewedByName: nameOf(row.lastReviewedBy) }
        : null,
    sourceCheck:
      meta.sourceChecked && row
        ? {
            status: (row.sourceCheckStatus as "ok" | "failed" | null) ?? null,
            checkedAt: isoOrNull(row.sourceCheckedAt),
            detail: (row.sourceCheckDetail as string | null) ?? null,
          }
        : null,
    createdAt: isoOrNull(row?.createdAt),
    updatedAt: isoOrNull(row?.updatedAt),
  };
}
