import { eq, sql } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { action as accountsAction } from "~/routes/admin/accounts";
import { action as editorAction } from "~/routes/admin/content-editor";
import { action as dashboardAction } from "~/routes/admin/home";
import { action as leadAction } from "~/routes/admin/lead";
import { action as mailAction } from "~/routes/admin/mail";
import { action as loginAction } from "~/routes/login";
import { staffContext } from "~/server/auth/staff-guard.server";
import { readForEditor, saveDraft } from "~/server/content/editor.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import { closeDb, useDatabaseForTests } from "~/server/db/db.server";
import { contentDrafts, contentRevisions, industries, user } from "~/server/db/schema";
import { seedDatabase } from "~/server/db/seed.server";
import { log } from "~/server/log.server";
import { requestContext } from "~/server/request-context.server";
import { STAFF_FORM_MESSAGES } from "~/server/staff-form-limits.server";
import { dbTargets, openMigrated } from "./db-targets";

/**
 * A list index in a field name (`benefits[99999999].title`) made the content
 * editor build that many rows, stalling or killing the server. Each staff action now refuses such
 * a form, before parsing it, with its usual 400 answer.
 */
const ORIGIN = "http://localhost:3000";
const editor = {
  id: "editor-caps",
  name: "Cam Editor",
  email: "cam@example.com",
  role: "editor" as const,
  twoFactorEnabled: false,
  sessionId: "test-session",
};

type Answer = {
  data: { ok?: boolean; toast?: { title: string; description?: string }; result?: unknown };
  init: { status?: number } | null;
};

function post(path: string, body: string): Request {
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
    body,
  });
}

function staff(): RouterContextProvider {
  const context = requestContext("203.0.113.7");
  context.set(staffContext, editor);
  return context;
}

/** Calls a route action as React Router would; its `data(...)` answer, or a thrown redirect. */
async function call<A extends (args: never) => unknown>(
  action: A,
  path: string,
  body: string,
  params: Record<string, string> = {},
) {
  const args = { request: post(path, body), params, context: staff() } as unknown as Parameters<A>[0];
  const started = performance.now();
  const answer = (await action(args)) as Answer;
  return { ...answer, status: answer.init?.status ?? 200, ms: performance.now() - started };
}

/** A record's values as the editor's form posts them (conform's names, `faq[0].question`). */
function formBody(values: Record<string, unknown>, extra: Record<string, string>): string {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        for (const [field, text] of Object.entries(item as Record<string, unknown>)) {
          if (text !== null && text !== undefined) body.append(`${name}[${index}].${field}`, String(text));
        }
      });
    } else if (typeof value === "boolean") {
      if (value) body.append(name, "on");
    } else if (value !== null && value !== undefined) {
      body.append(name, String(value));
    }
  }
  for (const [name, value] of Object.entries(extra)) body.set(name, value);
  return body.toString();
}

describe.each(dbTargets)("staff form caps on $name", (target) => {
  let handle: DatabaseHandle;
  let industryId: string;
  let industryPath: string;
  const params = () => ({ kind: "industries", id: industryId });

  beforeAll(async () => {
    vi.spyOn(log, "info").mockImplementation(() => {});
    handle = await openMigrated(target);
    useDatabaseForTests(handle);
    await handle.db.insert(user).values({ id: editor.id, name: editor.name, email: editor.email });
    await seedDatabase(handle.db);
    const [row] = await handle.db.select().from(industries).where(eq(industries.slug, "car-wash"));
    industryId = row?.id ?? "";
    industryPath = `/admin/content/industries/${industryId}`;
  });
  afterAll(async () => {
    await closeDb();
    vi.restoreAllMocks();
  });

  /** Everything a refused form could have changed. */
  async function snapshot() {
    const [row] = await handle.db.select().from(industries).where(eq(industries.id, industryId));
    const count = async (table: typeof contentDrafts | typeof contentRevisions) =>
      (await handle.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n;
    return { row, drafts: await count(contentDrafts), revisions: await count(contentRevisions) };
  }

  it("refuses benefits[1000] and benefits[99999999] with a 400 at once and changes nothing", async () => {
    const before = await snapshot();
    for (const index of ["1000", "99999999", "99999999999999999999"]) {
      for (const intent of ["save", "publish", "preview"]) {
        const answer = await call(
          editorAction,
          industryPath,
          `intent=${intent}&title=x&benefits[${index}].title=x`,
          params(),
        );
        expect(answer.status, `${intent} ${index}`).toBe(400);
        expect(answer.ms, `${intent} ${index}`).toBeLessThan(1000);
        expect(answer.data.ok).toBe(false);
        // No conform reply: nothing echoes the rows back to the form.
        expect(answer.data.result).toBeUndefined();
        expect(answer.data.toast).toMatchObject({
          title: "Nothing was saved",
          description: STAFF_FORM_MESSAGES.tooManyRows,
        });
      }
    }
    // A list button without JavaScript, aimed at a far row; a form of 100,000 fields.
    const intent = encodeURIComponent(JSON.stringify({ type: "insert", payload: { name: "benefits[99999999]" } }));
    const far = await call(editorAction, industryPath, `title=x&__intent__=${intent}`, params());
    expect(far.status).toBe(400);
    expect(far.data.toast?.description).toBe(STAFF_FORM_MESSAGES.unreadable);
    const many = await call(editorAction, industryPath, `intent=save&${"a=&".repeat(100_000)}`, params());
    expect(many.status).toBe(400);
    expect(many.data.toast?.description).toBe(STAFF_FORM_MESSAGES.tooManyFields);
    // The service refuses such a form too, whoever calls it.
    const direct = await saveDraft(
      handle.db,
      "industry",
      industryId,
      new URLSearchParams("benefits[99999999].title=x"),
      editor,
    );
    expect(direct).toEqual({ ok: false, errors: { form: STAFF_FORM_MESSAGES.tooManyRows } });
    expect(await snapshot()).toEqual(before);
  });

  it("still saves a normal form, and a list one row over gets the schema's own message", async () => {
    const record = await readForEditor(handle.db, "industry", industryId);
    const values = record?.values as Record<string, unknown>;
    const saved = await call(
      editorAction,
      industryPath,
      formBody(values, { intent: "save", title: "Farms, saved" }),
      params(),
    );
    expect(saved.status).toBe(200);
    expect(saved.data.toast?.title).toBe("Draft saved");
    const [draft] = await handle.db.select().from(contentDrafts).where(eq(contentDrafts.recordId, industryId));
    expect(draft?.values.title).toBe("Farms, saved");

    const benefits = Array.from({ length: 9 }, (_, i) => ({
      icon: "sun",
      title: `Benefit ${i}`,
      description: "Text.",
    }));
    const over = await call(
      editorAction,
      industryPath,
      formBody({ ...values, benefits }, { intent: "save" }),
      params(),
    );
    expect(over.status).toBe(400);
    expect(over.data.result).toMatchObject({ error: { benefits: ["Benefits: at most 8 items."] } });

    // Add a row without JavaScript: the form comes back with it.
    const insert = JSON.stringify({ type: "insert", payload: { name: "faq" } });
    const added = await call(editorAction, industryPath, formBody(values, { __intent__: insert }), params());
    expect(added.status).toBe(200);
    expect(added.data.result).toMatchObject({ intent: { type: "insert" } });
  });

  it("the other staff forms refuse an index or too many fields with their usual 400 toast", async () => {
    const lead = { kind: "consultation", id: "00000000-0000-4000-8000-000000000000" };
    const cases = [
      [loginAction, "/login", "email[99999999]=a@b.co&password=x", {}],
      [loginAction, "/login", "email=a@b.co&password=x&".repeat(20), {}],
      [leadAction, "/admin/leads/consultation/x", "intent=note&body[0]=x", lead],
      [accountsAction, "/admin/accounts", "userId=x&role=editor&role[1]=admin", {}],
      [mailAction, "/admin/mail", "id[99999999]=x", {}],
      [dashboardAction, "/admin", "intent=review&kind=industry&id=x&id[5]=x", {}],
    ] as const;
    for (const [action, path, body, routeParams] of cases) {
      const answer = await call(action as typeof loginAction, path, body, routeParams);
      expect(answer.status, `${path} ${body.slice(0, 40)}`).toBe(400);
      expect(Object.values(STAFF_FORM_MESSAGES)).toContain(answer.data.toast?.description);
    }
  });
});
