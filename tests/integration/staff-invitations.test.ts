import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as acceptAction, loader as acceptLoader } from "~/routes/accept-invitation";
import { action as accountsAction, loader as accountsLoader } from "~/routes/admin/accounts";
import { createStaffAccount, setStaffRole } from "~/server/auth/accounts.server";
import { getAuth } from "~/server/auth/auth.server";
import { inviteColleague } from "~/server/auth/invitations.server";
import { getRole } from "~/server/auth/session.server";
import { staffContext } from "~/server/auth/staff-guard.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import { closeDb, useDatabaseForTests } from "~/server/db/db.server";
import { auditEvents, emailOutbox, staffInvitations, user } from "~/server/db/schema";
import { requestContext } from "~/server/request-context.server";
import { dbTargets, openMigrated } from "./db-targets";

/** Inviting a colleague by e-mail, with better-auth and the database real. */
const ORIGIN = "http://localhost:3000";
const ADMIN = "boss@invite.example";
const PASSWORD = "Inv!te1234";
type ActionArgs<T extends (...args: never[]) => unknown> = Parameters<T>[0];

const formPost = (path: string, fields: Record<string, string>) =>
  new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
    body: new URLSearchParams(fields),
  });

/** A route's answer as status and body, whether it returned data(), a plain object or threw a redirect. */
async function answerOf(run: () => Promise<unknown>): Promise<{ status: number; body: unknown; location?: string }> {
  try {
    const result = await run();
    if (result && typeof result === "object" && "type" in result && result.type === "DataWithResponseInit") {
      const { data, init } = result as unknown as { data: unknown; init?: { status?: number } };
      return { status: init?.status ?? 200, body: data };
    }
    return { status: 200, body: result };
  } catch (thrown) {
    if (thrown instanceof Response) {
      return { status: thrown.status, body: null, location: thrown.headers.get("Location") ?? undefined };
    }
    throw thrown;
  }
}

describe.each(dbTargets)("staff invitations on $name", (target) => {
  let handle: DatabaseHandle;
  let adminId = "";

  beforeAll(async () => {
    handle = await openMigrated(target);
    useDatabaseForTests(handle);
    await createStaffAccount(handle.db, { email: ADMIN, password: PASSWORD });
    adminId = (await handle.db.select().from(user).where(eq(user.email, ADMIN)))[0]?.id ?? "";
  });
  afterAll(async () => {
    await closeDb();
  });

  /** The admin, as the staff guard lets them in. */
  const adminContext = () => {
    const context = requestContext("203.0.113.40");
    const staff = { id: adminId, email: ADMIN, name: "Boss", twoFactorEnabled: true, sessionId: "test-session" };
    context.set(staffContext, { ...staff, role: "admin" });
    return context;
  };
  const asAdmin = (fields: Record<string, string>) =>
    answerOf(() =>
      accountsAction({
        request: formPost("/admin/accounts", fields),
        context: adminContext(),
        params: {},
      } as unknown as ActionArgs<typeof accountsAction>),
    );
  const accept = (fields: Record<string, string>) =>
    answerOf(() =>
      acceptAction({
        request: formPost("/accept-invitation", fields),
        context: requestContext("198.51.100.40"),
        params: {},
      } as unknown as ActionArgs<typeof acceptAction>),
    );
  const openLink = async (token: string) =>
    (
      await acceptLoader({
        request: new Request(`${ORIGIN}/accept-invitation?${new URLSearchParams({ token })}`),
        context: requestContext("198.51.100.40"),
        params: {},
      } as unknown as ActionArgs<typeof acceptLoader>)
    ).invitation;
  const invitationMails = (to: string) =>
    handle.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.template, "staff-invitation"), eq(emailOutbox.toAddress, to)));
  const latestToken = async (to: string) => {
    const mails = await invitationMails(to);
    const url = String(mails.at(-1)?.formData.url ?? "");
    return new URL(url).searchParams.get("token") ?? "";
  };
  const signIn = async (email: string, password: string) =>
    (await getAuth()).api.signInEmail({ body: { email, password }, asResponse: true });

  it("refuses a bad address or role with the field's message, and queues nothing", async () => {
    const badEmail = await asAdmin({ intent: "invite", email: "not-an-address", role: "editor" });
    expect(badEmail.status).toBe(400);
    expect(JSON.stringify(badEmail.body)).toContain("Enter a valid e-mail address");
    const badRole = await asAdmin({ intent: "invite", email: "x@invite.example", role: "owner" });
    expect(badRole.status).toBe(400);
    expect(JSON.stringify(badRole.body)).toContain("Choose Admin or Editor.");
    expect(await handle.db.select().from(staffInvitations)).toHaveLength(0);
    expect(await invitationMails("x@invite.example")).toHaveLength(0);
  });

  it("invites by e-mail; the link makes a confirmed account with the role, once", async () => {
    const sent = await asAdmin({ intent: "invite", email: " New.Editor@Invite.example ", role: "editor" });
    expect(sent).toMatchObject({ status: 200, body: { toast: { title: "Invitation sent" } } });
    const [mail] = await invitationMails("new.editor@invite.example");
    expect(mail).toMatchObject({ subject: expect.stringContaining("invited"), formData: { role: "editor" } });
    expect(String(mail?.formData.url)).toMatch(/^http:\/\/localhost:\d+\/accept-invitation\?token=[A-Za-z0-9_-]{43}$/);
    // Only the token's digest is stored.
    const token = await latestToken("new.editor@invite.example");
    const stored = await handle.db.select().from(staffInvitations);
    expect(stored.map((row) => row.tokenHash)).not.toContain(token);

    const listed = await accountsLoader({
      request: new Request(`${ORIGIN}/admin/accounts`),
      context: adminContext(),
      params: {},
    } as unknown as ActionArgs<typeof accountsLoader>);
    expect(listed.invitations).toMatchObject([
      { email: "new.editor@invite.example", role: "editor", invitedBy: ADMIN },
    ]);

    expect(await openLink(token)).toMatchObject({ email: "new.editor@invite.example", role: "Editor" });
    const weak = await accept({ token, name: "Nia Editor", password: "short", confirm: "short" });
    expect(weak.status).toBe(400);
    expect(JSON.stringify(weak.body)).toContain("The password does not meet the rule.");
    expect(await handle.db.select().from(user).where(eq(user.email, "new.editor@invite.example"))).toHaveLength(0);

    const done = await accept({ token, name: "Nia Editor", password: PASSWORD, confirm: PASSWORD });
    expect(done).toMatchObject({
      status: 302,
      location: "/login?notice=invitation-accepted&email=new.editor%40invite.example",
    });
    const [created] = await handle.db.select().from(user).where(eq(user.email, "new.editor@invite.example"));
    expect(created).toMatchObject({ name: "Nia Editor", emailVerified: true });
    expect(await getRole(created?.id ?? "")).toBe("editor");
    expect((await signIn("new.editor@invite.example", PASSWORD)).status).toBe(200);

    expect(await openLink(token)).toBeNull();
    const again = await accept({ token, name: "Someone", password: "Other!pass9", confirm: "Other!pass9" });
    expect(again).toMatchObject({ status: 400, body: { ended: "invalid" } });
    const actions = (await handle.db.select().from(auditEvents)).map((row) => [row.action, row.subject]);
    expect(actions).toEqual(
      expect.arrayContaining([
        ["account.invited", "new.editor@invite.example"],
        ["invitation.accepted", "new.editor@invite.example"],
      ]),
    );
  });

  it("tells the admin to set the role of an address that already has a confirmed account", async () => {
    const answer = await asAdmin({ intent: "invite", email: "new.editor@invite.example", role: "admin" });
    expect(answer.status).toBe(409);
    expect(JSON.stringify(answer.body)).toContain("already has a confirmed account");
    expect(await invitationMails("new.editor@invite.example")).toHaveLength(1);
  });

  it("replaces an unconfirmed sign-up squatting the address: its password never gets the role", async () => {
    const squat = await (await getAuth()).api.signUpEmail({
      body: { email: "target@invite.example", password: "Squat!ter1", name: "target" },
      asResponse: true,
    });
    expect(squat.status).toBe(200);
    await asAdmin({ intent: "invite", email: "target@invite.example", role: "admin" });
    const token = await latestToken("target@invite.example");
    const done = await accept({ token, name: "Tara", password: PASSWORD, confirm: PASSWORD });
    expect(done.status).toBe(302);
    const accounts = await handle.db.select().from(user).where(eq(user.email, "target@invite.example"));
    expect(accounts).toHaveLength(1);
    expect(await getRole(accounts[0]?.id ?? "")).toBe("admin");
    expect((await signIn("target@invite.example", "Squat!ter1")).status).toBe(401);
    expect((await signIn("target@invite.example", PASSWORD)).status).toBe(200);
  });

  it("a withdrawn, replaced or expired invitation's link no longer works", async () => {
    await asAdmin({ intent: "invite", email: "late@invite.example", role: "editor" });
    const first = await latestToken("late@invite.example");
    await asAdmin({ intent: "invite", email: "late@invite.example", role: "editor" });
    const second = await latestToken("late@invite.example");
    expect(await openLink(first)).toBeNull();
    expect(await openLink(second)).not.toBeNull();

    const [pending] = await handle.db
      .select()
      .from(staffInvitations)
      .where(and(eq(staffInvitations.email, "late@invite.example")))
      .orderBy(staffInvitations.createdAt);
    const latest = (
      await handle.db.select().from(staffInvitations).where(eq(staffInvitations.email, "late@invite.example"))
    ).find((row) => !row.revokedAt);
    expect(pending?.revokedAt).not.toBeNull();
    const withdrawn = await asAdmin({ intent: "revoke-invitation", invitationId: latest?.id ?? "" });
    expect(withdrawn).toMatchObject({ status: 200, body: { toast: { title: "Invitation withdrawn" } } });
    expect(await openLink(second)).toBeNull();
    expect((await asAdmin({ intent: "revoke-invitation", invitationId: latest?.id ?? "" })).status).toBe(404);
    expect((await asAdmin({ intent: "revoke-invitation", invitationId: "x\u0000y" })).status).toBe(404);

    await asAdmin({ intent: "invite", email: "expired@invite.example", role: "editor" });
    const token = await latestToken("expired@invite.example");
    await handle.db
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvitations.email, "expired@invite.example"));
    expect(await openLink(token)).toBeNull();
    const late = await accept({ token, name: "Ex", password: PASSWORD, confirm: PASSWORD });
    expect(late).toMatchObject({ status: 400, body: { ended: "invalid" } });
    expect(await handle.db.select().from(user).where(eq(user.email, "expired@invite.example"))).toHaveLength(0);
  });

  it("stops a link once its admin is no longer an admin (for good), or is disabled", async () => {
    await createStaffAccount(handle.db, { email: "second@invite.example", password: PASSWORD });
    const [second] = await handle.db.select().from(user).where(eq(user.email, "second@invite.example"));
    const secondId = second?.id ?? "";
    const by = { id: secondId, email: "second@invite.example" };
    const site = { siteUrl: ORIGIN, siteName: "Test" };
    await inviteColleague(handle.db, { email: "via-second@invite.example", role: "admin", by, ...site });
    const token = await latestToken("via-second@invite.example");
    expect(await openLink(token)).not.toBeNull();
    await setStaffRole(handle.db, secondId, "editor");
    expect(await openLink(token)).toBeNull();
    const refused = await accept({ token, name: "Via", password: PASSWORD, confirm: PASSWORD });
    expect(refused).toMatchObject({ status: 400, body: { ended: "invalid" } });
    // Giving the role back does not revive it: losing the role withdrew it.
    await setStaffRole(handle.db, secondId, "admin");
    expect(await openLink(token)).toBeNull();
    await inviteColleague(handle.db, { email: "via-second@invite.example", role: "admin", by, ...site });
    const again = await latestToken("via-second@invite.example");
    expect(await openLink(again)).not.toBeNull();
    await handle.db.update(user).set({ disabledAt: new Date() }).where(eq(user.id, secondId));
    expect(await openLink(again)).toBeNull();
  });

  it("refuses a name with control characters with its message, and makes no account", async () => {
    await asAdmin({ intent: "invite", email: "nul@invite.example", role: "editor" });
    const token = await latestToken("nul@invite.example");
    const answer = await accept({ token, name: "Nu\u0000l", password: PASSWORD, confirm: PASSWORD });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain("Your name contains characters that are not allowed.");
    expect(await handle.db.select().from(user).where(eq(user.email, "nul@invite.example"))).toHaveLength(0);
    expect(await openLink(token)).not.toBeNull();
  });

  it("answers a made-up or malformed token as not valid, without an error", async () => {
    expect(await openLink("A".repeat(43))).toBeNull();
    expect(await openLink("../../etc")).toBeNull();
    const answer = await accept({ token: "\u0000", name: "X", password: PASSWORD, confirm: PASSWORD });
    expect(answer).toMatchObject({ status: 400, body: { ended: "invalid" } });
  });
});
