import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "~/lib/dates";
import { formatAdminDay } from "~/lib/lead-workspace";
import { action as accountAction } from "~/routes/admin/account";
import { action as accountsAction } from "~/routes/admin/accounts";
import { action as leadAction, loader as leadLoader } from "~/routes/admin/lead";
import { action as forgotAction } from "~/routes/forgot-password";
import { action as loginAction } from "~/routes/login";
import { action as resetAction } from "~/routes/reset-password";
import { createStaffAccount } from "~/server/auth/accounts.server";
import { staffContext } from "~/server/auth/staff-guard.server";
import { today } from "~/server/clock.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import { closeDb, useDatabaseForTests } from "~/server/db/db.server";
import { leadEvents, leadNotes, leadSubmissions, user, userRoles } from "~/server/db/schema";
import { requestContext } from "~/server/request-context.server";
import { dbTargets, openMigrated } from "./db-targets";

/**
 * The login, note and role forms parse with the same zod schemas as their pages (conform): a
 * refused post answers 400 with the schema's message and changes nothing.
 */
const ORIGIN = "http://localhost:3000";
const PASSWORD = "Forms!pass1234";

type Answer = { status: number; data: Record<string, unknown> };

async function answerOf(run: () => Promise<unknown>): Promise<Answer> {
  const value = await run();
  if (value && typeof value === "object" && "init" in value && "data" in value) {
    const { init, data } = value as { init?: ResponseInit | null; data: Record<string, unknown> };
    return { status: init?.status ?? 200, data };
  }
  return { status: 200, data: value as Record<string, unknown> };
}

const post = (pathname: string, fields: Record<string, string>) =>
  new Request(`${ORIGIN}${pathname}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
    body: new URLSearchParams(fields).toString(),
  });

describe.each(dbTargets)("staff forms on $name", (target) => {
  let handle: DatabaseHandle;
  let adminId = "";
  let writerId = "";
  let leadId = "";

  beforeAll(async () => {
    handle = await openMigrated(target);
    useDatabaseForTests(handle);
    await createStaffAccount(handle.db, { email: "admin@forms.example", password: PASSWORD });
    await createStaffAccount(handle.db, { email: "writer@forms.example", password: PASSWORD, role: "editor" });
    const idOf = async (email: string) =>
      (await handle.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]?.id ?? "";
    adminId = await idOf("admin@forms.example");
    writerId = await idOf("writer@forms.example");
    const [lead] = await handle.db
      .insert(leadSubmissions)
      .values({ businessName: "Forms Farm", contactName: "Fran", email: "fran@farm.example" })
      .returning({ id: leadSubmissions.id });
    leadId = lead?.id ?? "";
  });
  afterAll(async () => {
    await closeDb();
  });

  const adminContext = () => {
    const context = requestContext("203.0.113.31");
    context.set(staffContext, {
      id: adminId,
      email: "admin@forms.example",
      name: "Ada Admin",
      role: "admin",
      twoFactorEnabled: true,
      sessionId: "test-session",
    });
    return context;
  };
  const addNote = (body: string) =>
    answerOf(() =>
      leadAction({
        request: post(`/admin/leads/bill/${leadId}`, { intent: "note", body }),
        params: { kind: "bill", id: leadId },
        context: adminContext(),
      } as unknown as Parameters<typeof leadAction>[0]),
    );
  const notes = () => handle.db.select().from(leadNotes).where(eq(leadNotes.leadId, leadId));

  it("a note: empty, control characters or too long are refused in place; a note is saved trimmed", async () => {
    for (const [body, message] of [
      ["   ", "Write the note first."],
      ["call back\u0000", "The note contains characters that are not allowed. Please retype it."],
      ["x".repeat(5001), "Keep the note under 5,000 characters."],
    ]) {
      const refused = await addNote(body as string);
      expect(refused.status).toBe(400);
      expect(refused.data.result).toMatchObject({ error: { body: [message] } });
    }
    expect(await notes()).toEqual([]);

    const saved = await addNote("  Called; wants a quote.\nBy Friday.  ");
    expect(saved.status).toBe(200);
    // `initialValue: null` is conform's reset: the box clears for the next note.
    expect(saved.data).toMatchObject({ toast: { title: "Note added" }, result: { initialValue: null } });
    expect((await notes()).map((note) => [note.body, note.authorName])).toEqual([
      ["Called; wants a quote.\nBy Friday.", "Ada Admin"],
    ]);
  });

  it("an activity: a call, its outcome, the status and the next step in one save and one timeline entry", async () => {
    const act = (fields: Record<string, string>) =>
      answerOf(() =>
        leadAction({
          request: post(`/admin/leads/bill/${leadId}`, { intent: "note", ...fields }),
          params: { kind: "bill", id: leadId },
          context: adminContext(),
        } as unknown as Parameters<typeof leadAction>[0]),
      );
    const before = (await notes()).length;
    for (const [fields, field, message] of [
      [{ kind: "call" }, "body", "Write what happened or choose an outcome."],
      [{ kind: "call", outcome: "held" }, "outcome", "Choose one of the outcomes."],
      [{ kind: "fax", body: "x" }, "kind", "Choose call, e-mail, meeting or note."],
      [{ kind: "call", outcome: "connected", next: "date" }, "nextOn", "Choose the day of the next step."],
      [{ kind: "call", outcome: "connected", status: "maybe" }, "status", "Choose a status from the list."],
    ] as const) {
      const refused = await act(fields);
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      expect(refused.data.result).toMatchObject({ error: { [field]: [message] } });
    }
    expect((await notes()).length).toBe(before);

    const saved = await act({
      kind: "call",
      outcome: "connected",
      body: "Wants the proposal.",
      status: "contacted",
      next: "3",
      nextTask: "Send the proposal",
    });
    expect(saved.data).toMatchObject({ toast: { title: "Activity saved" } });
    const [lead] = await handle.db.select().from(leadSubmissions).where(eq(leadSubmissions.id, leadId));
    const on = addDays(today(), 3);
    expect([lead?.status, lead?.nextStepOn, lead?.nextStep]).toEqual(["contacted", on, "Send the proposal"]);
    // The status change is part of the activity's entry, not a line of its own.
    expect(await handle.db.select().from(leadEvents).where(eq(leadEvents.leadId, leadId))).toEqual([]);
    const page = (await leadLoader({
      request: new Request(`${ORIGIN}/admin/leads/bill/${leadId}`),
      params: { kind: "bill", id: leadId },
      context: adminContext(),
    } as unknown as Parameters<typeof leadLoader>[0])) as { timeline: { what: string; detail: string | null }[] };
    const [newest] = page.timeline;
    expect(newest).toMatchObject({
      what: "Call: Connected",
      detail: `Wants the proposal.\nStatus: New → Contacted\nNext step: ${formatAdminDay(on)} · Send the proposal`,
    });

    // Done: the next step is cleared, the status kept, and the outcome alone is enough.
    await act({ kind: "meeting", outcome: "held", status: "contacted", next: "done" });
    const [after] = await handle.db.select().from(leadSubmissions).where(eq(leadSubmissions.id, leadId));
    expect([after?.status, after?.nextStepOn]).toEqual(["contacted", null]);
    expect((await notes()).map((note) => [note.kind, note.outcome, note.changes]).at(-1)).toEqual([
      "meeting",
      "held",
      { nextDone: "yes" },
    ]);
  });

  it("a role: anything but Admin, Editor or No role is refused and changes nothing", async () => {
    const setRole = (role: string) =>
      answerOf(() =>
        accountsAction({
          request: post("/admin/accounts", { userId: writerId, role }),
          params: {},
          context: adminContext(),
        } as unknown as Parameters<typeof accountsAction>[0]),
      );
    const roleOf = async () =>
      (await handle.db.select().from(userRoles).where(eq(userRoles.userId, writerId)))[0]?.role ?? null;
    for (const role of ["superuser", ""]) {
      const refused = await setRole(role);
      expect(refused.status).toBe(400);
      expect(refused.data.result).toMatchObject({ error: { role: ["Choose Admin, Editor or No role."] } });
    }
    expect(await roleOf()).toBe("editor");
    expect((await setRole("none")).data).toMatchObject({ toast: { title: "Role removed" } });
    expect(await roleOf()).toBeNull();
  });

  it("a sign-in: the schema's problem is the spec's toast, in the spec's order", async () => {
    const signIn = (fields: Record<string, string>) =>
      answerOf(() =>
        loginAction({
          request: post("/login", fields),
          params: {},
          context: requestContext("203.0.113.32"),
        } as unknown as Parameters<typeof loginAction>[0]),
      );
    const cases: [Record<string, string>, string, string?][] = [
      [
        { email: "", password: "" },
        "Authentication failed",
        "You must provide either an email or phone number and a password.",
      ],
      [{ email: "a@b", password: "x" }, "Invalid email", "Please enter a valid email address."],
      [{ mode: "signup", email: "new@forms.example", password: "password" }, "Password requirements not met"],
      [
        { email: "x".repeat(300), password: "x" },
        "Authentication failed",
        "You must provide either an email or phone number and a password.",
      ],
    ];
    for (const [fields, title, description] of cases) {
      const refused = await signIn(fields);
      expect(refused.status, JSON.stringify(fields).slice(0, 60)).toBe(400);
      expect(refused.data.toast).toMatchObject({ title, ...(description ? { description } : {}) });
    }
    expect(await handle.db.select().from(user).where(eq(user.email, "new@forms.example"))).toEqual([]);
  });
  it("the password forms: each field's message from the shared schema, nothing sent on", async () => {
    const call = async (action: (args: never) => unknown, path: string, fields: Record<string, string>) =>
      answerOf(async () => action({ request: post(path, fields), params: {}, context: adminContext() } as never));
    const forgot = await call(forgotAction, "/forgot-password", { email: "not-an-address" });
    expect(forgot).toMatchObject({
      status: 400,
      data: { result: { error: { email: ["Please enter a valid email address."] } } },
    });
    const reset = await call(resetAction, "/reset-password", {
      token: "a".repeat(24),
      password: "Second!pass2",
      confirm: "Second!pass3",
    });
    expect(reset).toMatchObject({
      status: 400,
      data: { result: { error: { confirm: ["The two passwords are not the same."] } } },
    });
    const change = await call(accountAction, "/admin/account", {
      intent: "change-password",
      password: "weak",
      confirm: "weak",
    });
    expect(change.status).toBe(400);
    expect(change.data.result).toMatchObject({
      error: {
        current: ["Enter your current password."],
        password: [expect.stringContaining("The password does not meet the rule.")],
      },
    });
  });
});
