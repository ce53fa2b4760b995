import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as accountsAction } from "~/routes/admin/accounts";
import { createStaffAccount } from "~/server/auth/accounts.server";
import { getAuth } from "~/server/auth/auth.server";
import { changePassword, requestPasswordReset, resetPassword } from "~/server/auth/password.server";
import { endSessions, listSessions } from "~/server/auth/sessions.server";
import { staffContext } from "~/server/auth/staff-guard.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import { closeDb, useDatabaseForTests } from "~/server/db/db.server";
import { auditEvents, emailOutbox, session, user, verification } from "~/server/db/schema";
import { requestContext } from "~/server/request-context.server";
import { dbTargets, openMigrated } from "./db-targets";

/** Password reset, change and sessions with better-auth and the database real. */
const ORIGIN = "http://localhost:3000";
const PASSWORD = "Old!pass123";

describe.each(dbTargets)("staff passwords and sessions on $name", (target) => {
  let handle: DatabaseHandle;
  let userId = "";

  async function signIn(email: string, password: string, address = "203.0.113.5"): Promise<string> {
    const response = await (await getAuth()).api.signInEmail({
      body: { email, password },
      headers: new Headers({ "x-staff-client-address": address, "user-agent": "Firefox/133.0 (X11; Linux x86_64)" }),
      asResponse: true,
    });
    expect(response.status).toBe(200);
    return response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; ");
  }
  const resetMails = async (to: string) =>
    handle.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.template, "password-reset"), eq(emailOutbox.toAddress, to)));
  const tokenOf = (url: unknown) => new URL(String(url)).searchParams.get("token") ?? "";

  beforeAll(async () => {
    handle = await openMigrated(target);
    useDatabaseForTests(handle);
    await createStaffAccount(handle.db, { email: "owner@password.example", password: PASSWORD });
    userId = (await handle.db.select().from(user).where(eq(user.email, "owner@password.example")))[0]?.id ?? "";
  });
  afterAll(async () => {
    await closeDb();
  });

  it("answers a reset request for a known and an unknown address alike; only the known one gets a link", async () => {
    expect(await requestPasswordReset(requestContext("192.0.2.1"), "Owner@Password.example")).toBe("sent");
    expect(await requestPasswordReset(requestContext("192.0.2.1"), "nobody@password.example")).toBe("sent");
    expect(await resetMails("nobody@password.example")).toHaveLength(0);
    const [mail] = await resetMails("owner@password.example");
    expect(String(mail?.formData.url)).toMatch(/^http:\/\/localhost:\d+\/reset-password\?token=[A-Za-z0-9]{24}$/);
  });

  it("resets once with the link, ends every session, and refuses the link again", async () => {
    const cookie = await signIn("owner@password.example", PASSWORD);
    expect(await listSessions(handle.db, userId)).not.toHaveLength(0);
    const [mail] = await resetMails("owner@password.example");
    const token = tokenOf(mail?.formData.url);
    expect(await resetPassword(token, "New!pass456")).toBe("changed");
    expect(await listSessions(handle.db, userId)).toHaveLength(0);
    const stale = await (await getAuth()).api.getSession({ headers: new Headers({ cookie }) });
    expect(stale).toBeNull();
    expect(await resetPassword(token, "Other!pass789")).toBe("invalid-token");
    await signIn("owner@password.example", "New!pass456");
  });

  it("refuses a link older than 30 minutes", async () => {
    expect(await requestPasswordReset(requestContext("100.64.2.2"), "owner@password.example")).toBe("sent");
    const mails = await resetMails("owner@password.example");
    const token = tokenOf(mails.at(-1)?.formData.url);
    // The token is kept only as a digest: no row names it.
    expect(
      await handle.db
        .select()
        .from(verification)
        .where(like(verification.identifier, `%${token}%`)),
    ).toEqual([]);
    await handle.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(verification.identifier, "%"));
    expect(await resetPassword(token, "Late!pass123")).toBe("invalid-token");
  });

  it("limits reset requests per address", async () => {
    const context = requestContext("198.51.100.3");
    const outcomes = [];
    for (let i = 0; i < 6; i++) outcomes.push(await requestPasswordReset(context, `someone${i}@password.example`));
    expect(outcomes.slice(0, 5)).toEqual(["sent", "sent", "sent", "sent", "sent"]);
    expect(outcomes[5]).toMatchObject({ limited: expect.any(Number) });
  });

  it("changes the password against the current one, ends the other sessions, and limits guesses", async () => {
    const other = await signIn("owner@password.example", "New!pass456", "203.0.113.6");
    const mine = await signIn("owner@password.example", "New!pass456", "203.0.113.7");
    const request = new Request(`${ORIGIN}/admin/account`, { method: "POST", headers: { cookie: mine } });
    const context = requestContext("203.0.113.7");
    const who = { email: "owner@password.example" };
    const wrong = await changePassword(request, context, who, { current: "Wrong!pass1", next: "Next!pass123" });
    expect(wrong.outcome).toBe("wrong-password");
    const changed = await changePassword(request, context, who, { current: "New!pass456", next: "Next!pass123" });
    expect(changed.outcome).toBe("changed");
    expect(changed.headers.getSetCookie().join(";")).toContain("session_token");
    expect(await (await getAuth()).api.getSession({ headers: new Headers({ cookie: other }) })).toBeNull();
    // Guessing the current password from a stolen session meets the sign-in limit.
    const fresh = changed.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; ");
    const guess = new Request(`${ORIGIN}/admin/account`, { method: "POST", headers: { cookie: fresh } });
    const outcomes = [];
    for (let i = 0; i < 6; i++) {
      outcomes.push(
        (await changePassword(guess, context, who, { current: `Guess!${i}aa`, next: "Next!pass999" })).outcome,
      );
    }
    expect(outcomes.slice(0, 5)).toEqual(Array(5).fill("wrong-password"));
    expect(outcomes[5]).toMatchObject({ limited: expect.any(Number) });
  });

  it("lets an admin sign another account out everywhere from the accounts page, recorded in the audit log", async () => {
    await createStaffAccount(handle.db, { email: "leaver@password.example", password: PASSWORD, role: "editor" });
    const [leaver] = await handle.db.select().from(user).where(eq(user.email, "leaver@password.example"));
    const cookies = [
      await signIn("leaver@password.example", PASSWORD),
      await signIn("leaver@password.example", PASSWORD),
    ];
    const context = requestContext("203.0.113.9");
    context.set(staffContext, {
      id: userId,
      email: "owner@password.example",
      name: "Owner",
      role: "admin",
      twoFactorEnabled: true,
      sessionId: "test-session",
    });
    const request = new Request(`${ORIGIN}/admin/accounts`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
      body: new URLSearchParams({ intent: "end-sessions", userId: leaver?.id ?? "" }),
    });
    const result = await accountsAction({ request, context, params: {} } as unknown as Parameters<
      typeof accountsAction
    >[0]);
    expect(result).toMatchObject({ toast: { title: "2 sessions signed out" } });
    for (const cookie of cookies) {
      expect(await (await getAuth()).api.getSession({ headers: new Headers({ cookie }) })).toBeNull();
    }
    const [event] = await handle.db.select().from(auditEvents).where(eq(auditEvents.action, "session.revoked"));
    expect(event).toMatchObject({ actorEmail: "owner@password.example", subject: "leaver@password.example" });
  });

  it("lets an admin disable an account (no sign-in, sessions ended) and enable it again; never an admin's", async () => {
    const [leaver] = await handle.db.select().from(user).where(eq(user.email, "leaver@password.example"));
    const cookie = await signIn("leaver@password.example", PASSWORD);
    const context = requestContext("203.0.113.9");
    context.set(staffContext, {
      id: userId,
      email: "owner@password.example",
      name: "Owner",
      role: "admin",
      twoFactorEnabled: true,
      sessionId: "test-session",
    });
    const post = (fields: Record<string, string>) =>
      accountsAction({
        request: new Request(`${ORIGIN}/admin/accounts`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
          body: new URLSearchParams(fields),
        }),
        context,
        params: {},
      } as unknown as Parameters<typeof accountsAction>[0]);
    expect(await post({ intent: "disable", userId: leaver?.id ?? "" })).toMatchObject({
      toast: { title: "Account disabled" },
    });
    expect(await (await getAuth()).api.getSession({ headers: new Headers({ cookie }) })).toBeNull();
    const refused = await (await getAuth()).api.signInEmail({
      body: { email: "leaver@password.example", password: PASSWORD },
      asResponse: true,
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "ACCOUNT_DISABLED" });
    expect(await post({ intent: "enable", userId: leaver?.id ?? "" })).toMatchObject({
      toast: { title: "Account enabled" },
    });
    await signIn("leaver@password.example", PASSWORD);
    // The signed-in admin's own account, and any admin's, cannot be disabled.
    expect(await post({ intent: "disable", userId })).toMatchObject({ init: { status: 409 } });
    const actions = (await handle.db.select().from(auditEvents)).map((event) => event.action);
    expect(actions).toEqual(expect.arrayContaining(["account.disabled", "account.enabled"]));
  });

  it("lists sessions with the trusted address and device, and ends one or all but the current", async () => {
    const a = await signIn("owner@password.example", "Next!pass123", "192.0.2.10");
    await signIn("owner@password.example", "Next!pass123", "192.0.2.11");
    await signIn("owner@password.example", "Next!pass123", "192.0.2.12");
    const sessions = await listSessions(handle.db, userId);
    expect(sessions.map((row) => row.ipAddress)).toEqual(expect.arrayContaining(["192.0.2.10", "192.0.2.11"]));
    const current = (await (await getAuth()).api.getSession({ headers: new Headers({ cookie: a }) }))?.session.id ?? "";
    const other = sessions.find((row) => row.id !== current)?.id ?? "";
    expect(await endSessions(handle.db, userId, { id: other })).toBe(1);
    // Another account's session cannot be ended through this one.
    expect(await endSessions(handle.db, "someone-else", { id: current })).toBe(0);
    expect(await endSessions(handle.db, userId, { allBut: current })).toBeGreaterThan(0);
    expect((await listSessions(handle.db, userId)).map((row) => row.id)).toEqual([current]);
    expect(await handle.db.select().from(session).where(eq(session.id, current))).toHaveLength(1);
  });
});
