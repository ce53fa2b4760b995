import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { isAccountId } from "~/lib/ids";
import { action as accountsAction } from "~/routes/admin/accounts";
import { loader as billFileLoader } from "~/routes/admin/bill-file";
import { action as contentEditorAction } from "~/routes/admin/content-editor";
import { action as leadAction } from "~/routes/admin/lead";
import { action as mailAction } from "~/routes/admin/mail";
import { createStaffAccount } from "~/server/auth/accounts.server";
import { getAuth } from "~/server/auth/auth.server";
import { staffContext } from "~/server/auth/staff-guard.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import { closeDb, useDatabaseForTests } from "~/server/db/db.server";
import { contentDrafts, user, userRoles } from "~/server/db/schema";
import { log } from "~/server/log.server";
import { requestContext } from "~/server/request-context.server";
import { dbTargets, openMigrated } from "./db-targets";

/**
 * Ids the staff area takes from the client are checked before any query (a
 * NUL in the accounts page's userId was a 500, and the error log carried it).
 */
const ORIGIN = "http://localhost:3000";
const PASSWORD = "Ids!pass1234";
const OVERLONG = "a".repeat(10_000);

type Outcome = { status: number; data: unknown };

/** An action's answer: returned or thrown `data(...)`, a thrown Response, or a plain value (200). */
async function outcomeOf(run: () => Promise<unknown>): Promise<Outcome> {
  const read = (value: unknown): Outcome => {
    if (value instanceof Response) return { status: value.status, data: null };
    if (value && typeof value === "object" && "init" in value && "data" in value) {
      const { init, data } = value as { init?: ResponseInit | null; data: unknown };
      return { status: init?.status ?? 200, data };
    }
    return { status: 200, data: value };
  };
  try {
    return read(await run());
  } catch (thrown) {
    if (thrown instanceof Response || (thrown && typeof thrown === "object" && "init" in thrown)) return read(thrown);
    throw thrown;
  }
}

/** A form post as the browser sends it; `body` is sent as written (`%00` arrives as a NUL). */
const post = (pathname: string, body: string) =>
  new Request(`${ORIGIN}${pathname}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
    body,
  });

describe.each(dbTargets)("ids from the client on $name", (target) => {
  let handle: DatabaseHandle;
  let adminId = "";
  let writerId = "";
  const logged: string[] = [];

  beforeAll(async () => {
    handle = await openMigrated(target);
    useDatabaseForTests(handle);
    await createStaffAccount(handle.db, { email: "admin@ids.example", password: PASSWORD });
    await createStaffAccount(handle.db, { email: "writer@ids.example", password: PASSWORD, role: "editor" });
    const idOf = async (email: string) =>
      (await handle.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]?.id ?? "";
    adminId = await idOf("admin@ids.example");
    writerId = await idOf("writer@ids.example");
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    await closeDb();
  });

  /** Every log line written while `run` runs, as JSON (what would reach the log file). */
  async function capturingLogs<T>(run: () => Promise<T>): Promise<T> {
    for (const level of ["error", "warn", "info"] as const) {
      vi.spyOn(log, level).mockImplementation(((...args: unknown[]) => {
        logged.push(JSON.stringify(args));
      }) as never);
    }
    return run();
  }

  const staffContextFor = (id: string) => {
    const context = requestContext("203.0.113.30");
    context.set(staffContext, {
      id,
      email: "admin@ids.example",
      name: "Admin",
      role: "admin",
      twoFactorEnabled: true,
      sessionId: "test-session",
    });
    return context;
  };

  it("accounts made by admin:create and by sign-up have better-auth's id format", async () => {
    expect(isAccountId(adminId)).toBe(true);
    expect(isAccountId(writerId)).toBe(true);
    const auth = await getAuth();
    await auth.api.signUpEmail({ body: { email: "new@ids.example", password: PASSWORD, name: "New" } });
    const [created] = await handle.db.select({ id: user.id }).from(user).where(eq(user.email, "new@ids.example"));
    expect(isAccountId(created?.id)).toBe(true);
  });

  it("the accounts page answers 400 to a malformed userId, changes nothing and logs nothing of it", async () => {
    const rolesBefore = await handle.db.select().from(userRoles);
    logged.length = 0;
    for (const body of [
      "userId=%00&role=editor",
      `userId=${encodeURIComponent("a\u0000b")}&role=admin`,
      `userId=${OVERLONG}&role=none`,
      `userId=${adminId}x&role=none`,
      `userId=${encodeURIComponent(`${writerId.slice(0, 31)}\u0000`)}&role=admin`,
    ]) {
      const outcome = await capturingLogs(() =>
        outcomeOf(() =>
          accountsAction({
            request: post("/admin/accounts", body),
            params: {},
            context: staffContextFor(adminId),
          } as unknown as Parameters<typeof accountsAction>[0]),
        ),
      );
      expect(outcome.status, body.slice(0, 60)).toBe(400);
      expect(outcome.data).toMatchObject({ toast: { title: "Not an account", variant: "destructive" } });
    }
    expect(await handle.db.select().from(userRoles)).toEqual(rolesBefore);
    expect(logged.join("\n")).not.toMatch(/\\u0000|aaaaaaaaaa/);

    // A real account's id still goes through.
    const granted = await outcomeOf(() =>
      accountsAction({
        request: post("/admin/accounts", `userId=${writerId}&role=admin`),
        params: {},
        context: staffContextFor(adminId),
      } as unknown as Parameters<typeof accountsAction>[0]),
    );
    expect(granted.status).toBe(200);
    expect((await handle.db.select().from(userRoles).where(eq(userRoles.userId, writerId)))[0]?.role).toBe("admin");
  });

  it("the mail page's Retry takes uuids only", async () => {
    for (const id of ["-".repeat(36), "%00", "0b7c6c1e3f4a4a8e9a1d2f3e4d5c6b7a0000"]) {
      const outcome = await outcomeOf(() =>
        mailAction({
          request: post("/admin/mail", `id=${id}`),
          params: {},
          context: staffContextFor(adminId),
        } as unknown as Parameters<typeof mailAction>[0]),
      );
      expect(outcome.status, id).toBe(404);
    }
  });

  it("the content editor answers 404 to a record id that cannot be one, before any query", async () => {
    const draftsBefore = await handle.db.select().from(contentDrafts);
    for (const [kind, id] of [
      ["incentives", "\u0000"],
      ["incentives", "a\u0000b"],
      ["blocks", "site_banner\u0000"],
      ["industries", OVERLONG],
    ]) {
      for (const intent of ["discard", "publish-draft", "retire", "review", "restore", "save"]) {
        const outcome = await outcomeOf(() =>
          contentEditorAction({
            request: post(`/admin/content/${kind}/x`, `intent=${intent}&title=x&revisionId=%00`),
            params: { kind, id },
            context: staffContextFor(adminId),
          } as unknown as Parameters<typeof contentEditorAction>[0]),
        );
        expect(outcome.status, `${kind} ${intent}`).toBe(404);
      }
    }
    expect(await handle.db.select().from(contentDrafts)).toEqual(draftsBefore);
  });

  it("lead and bill pages stay behind their uuid check", async () => {
    for (const id of ["\u0000", "a\u0000b", "-".repeat(36)]) {
      const lead = await outcomeOf(() =>
        leadAction({
          request: post(`/admin/leads/guide/x`, "intent=status&status=won"),
          params: { kind: "guide", id },
          context: staffContextFor(adminId),
        } as unknown as Parameters<typeof leadAction>[0]),
      );
      expect(lead.status).toBe(404);
      const bill = await outcomeOf(() =>
        billFileLoader({
          request: new Request(`${ORIGIN}/admin/bills/x`),
          params: { id },
          context: staffContextFor(adminId),
        } as unknown as Parameters<typeof billFileLoader>[0]),
      );
      expect(bill.status).toBe(404);
    }
  });
});
