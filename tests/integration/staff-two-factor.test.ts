import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as accountAction } from "~/routes/admin/account";
import { createStaffAccount } from "~/server/auth/accounts.server";
import { getAuth } from "~/server/auth/auth.server";
import { getSessionUser } from "~/server/auth/session.server";
import { staffContext } from "~/server/auth/staff-guard.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import { closeDb, useDatabaseForTests } from "~/server/db/db.server";
import { auditEvents, user } from "~/server/db/schema";
import { requestContext } from "~/server/request-context.server";
import { totpCode } from "../totp";
import { dbTargets, openMigrated } from "./db-targets";

/** My account's two-factor section as an editor uses it: set up, new backup codes, turn off. */
const ORIGIN = "http://localhost:3000";
const EDITOR = "writer@twofactor.example";
const PASSWORD = "Tw0!factor";
type Answer = { status: number; body: Record<string, unknown> };

describe.each(dbTargets)("two-factor on My account on $name", (target) => {
  let handle: DatabaseHandle;
  let cookie = "";

  beforeAll(async () => {
    handle = await openMigrated(target);
    useDatabaseForTests(handle);
    await createStaffAccount(handle.db, { email: EDITOR, password: PASSWORD, role: "editor" });
    const response = await (await getAuth()).api.signInEmail({
      body: { email: EDITOR, password: PASSWORD },
      asResponse: true,
    });
    cookie = response.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
  });
  afterAll(async () => {
    await closeDb();
  });

  /** Posts to My account as the signed-in editor, the way the staff guard would let it in. */
  async function post(fields: Record<string, string>, role: "editor" | "admin" = "editor"): Promise<Answer> {
    const request = new Request(`${ORIGIN}/admin/account`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, cookie },
      body: new URLSearchParams(fields),
    });
    const signedIn = await getSessionUser(request);
    if (!signedIn) throw new Error("The test's session is gone");
    const context = requestContext("203.0.113.70");
    context.set(staffContext, { ...signedIn, role });
    const result = (await accountAction({ request, context, params: {} } as unknown as Parameters<
      typeof accountAction
    >[0])) as unknown as { data: Record<string, unknown>; init: ResponseInit | null };
    // A renewed session (enrolment and turning off replace it) goes on in the next request.
    const renewed = new Headers(result.init?.headers).getSetCookie().map((line) => line.split(";")[0] ?? "");
    if (renewed.length > 0) {
      const jar = new Map(cookie.split("; ").map((pair) => [pair.split("=", 1)[0], pair]));
      for (const pair of renewed) jar.set(pair.split("=", 1)[0], pair);
      cookie = [...jar.values()].join("; ");
    }
    return { status: result.init?.status ?? 200, body: result.data };
  }

  const backupSignIn = async (code: string) => {
    const auth = await getAuth();
    const first = await auth.api.signInEmail({ body: { email: EDITOR, password: PASSWORD }, asResponse: true });
    const challenge = first.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const second = await auth.api.verifyBackupCode({
      body: { code },
      headers: new Headers({ cookie: challenge }),
      asResponse: true,
    });
    return second.status;
  };

  it("sets up, renews backup codes (the old ones stop working) and turns two-factor off", async () => {
    const started = await post({ intent: "two-factor-start", current: PASSWORD });
    const enrolment = started.body.enrolment as { key: string; backupCodes: string[] };
    expect(enrolment.backupCodes.length).toBeGreaterThanOrEqual(8);
    const confirmed = await post({ intent: "two-factor-confirm", code: totpCode(enrolment.key) });
    expect(confirmed.body).toMatchObject({ toast: { title: "Two-factor authentication is on" } });
    const [on] = await handle.db.select().from(user).where(eq(user.email, EDITOR));
    expect(on?.twoFactorEnabled).toBe(true);

    const wrong = await post({ intent: "two-factor-codes", current: "Not!mine12" });
    expect(wrong).toMatchObject({
      status: 400,
      body: { result: { error: { current: ["That is not your current password."] } } },
    });
    const renewed = await post({ intent: "two-factor-codes", current: PASSWORD });
    expect(renewed.body).toMatchObject({ toast: { title: "New backup codes made" } });
    const codes = renewed.body.backupCodes as string[];
    expect(codes.length).toBeGreaterThanOrEqual(8);
    expect(codes).not.toContain(enrolment.backupCodes[0]);
    expect(await backupSignIn(enrolment.backupCodes[0] ?? "")).toBe(401);
    expect(await backupSignIn(codes[0] ?? "")).toBe(200);

    // An admin on a site that requires it may not turn it off; an editor may.
    expect(await post({ intent: "two-factor-disable", current: PASSWORD }, "admin")).toMatchObject({ status: 403 });
    const off = await post({ intent: "two-factor-disable", current: PASSWORD });
    expect(off.body).toMatchObject({ toast: { title: "Two-factor authentication is off" } });
    const [after] = await handle.db.select().from(user).where(eq(user.email, EDITOR));
    expect(after?.twoFactorEnabled).toBe(false);
    const logged = (await handle.db.select().from(auditEvents)).map((row) => row.action);
    expect(logged).toEqual(expect.arrayContaining(["two-factor.enabled", "two-factor.disabled"]));
  });
});
