import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as accountAction } from "~/routes/admin/account";
import { action as loginAction } from "~/routes/login";
import { action as twoFactorAction } from "~/routes/login-two-factor";
import { createStaffAccount } from "~/server/auth/accounts.server";
import {
  SECOND_FACTOR_FAILURES_PER_ACCOUNT,
  SECOND_FACTOR_FAILURES_PER_ADDRESS,
} from "~/server/auth/auth-limits.server";
import { staffContext } from "~/server/auth/staff-guard.server";
import { confirmEnrolment, newBackupCodes, startEnrolment } from "~/server/auth/two-factor.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import { closeDb, useDatabaseForTests } from "~/server/db/db.server";
import { session, twoFactor, user } from "~/server/db/schema";
import { requestContext } from "~/server/request-context.server";
import { totpCode } from "../totp";
import { dbTargets, openMigrated } from "./db-targets";

/**
 * The second factor with better-auth, the routes and the database real: a
 * TOTP code signs in once (RFC 6238 §5.2), and a request the account cannot take is a 4xx.
 */
const ORIGIN = "http://localhost:3000";
const PASSWORD = "Tw0!factorPass";

/** The code an authenticator app shows for a base32 key at a given RFC 6238 time step. */
const codeAt = (base32Key: string, step: number) => totpCode(base32Key, step * 30_000);

const cookiesOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .filter((pair) => !pair?.endsWith("="))
    .join("; ");

type Answer = { status: number; headers: Headers; data: unknown };

async function answer(run: () => Promise<unknown>): Promise<Answer> {
  const read = (value: unknown): Answer => {
    if (value instanceof Response) return { status: value.status, headers: value.headers, data: null };
    if (value && typeof value === "object" && "init" in value && "data" in value) {
      const { init, data } = value as { init?: ResponseInit | null; data: unknown };
      return { status: init?.status ?? 200, headers: new Headers(init?.headers), data };
    }
    return { status: 200, headers: new Headers(), data: value };
  };
  try {
    return read(await run());
  } catch (thrown) {
    if (thrown instanceof Response || (thrown && typeof thrown === "object" && "init" in thrown)) return read(thrown);
    throw thrown;
  }
}

const post = (pathname: string, fields: Record<string, string>, cookie = "") =>
  new Request(`${ORIGIN}${pathname}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, cookie },
    body: new URLSearchParams(fields),
  });

describe.each(dbTargets)("two-factor sign-in on $name", (target) => {
  let handle: DatabaseHandle;
  let userId = "";
  let key = "";
  const email = "totp@two-factor.example";

  beforeAll(async () => {
    handle = await openMigrated(target);
    useDatabaseForTests(handle);
    await createStaffAccount(handle.db, { email, password: PASSWORD, role: "editor" });
    userId = (await handle.db.select().from(user).where(eq(user.email, email)))[0]?.id ?? "";
  });
  afterAll(async () => {
    await closeDb();
  });

  /** Password through /login: the two-factor challenge cookie (or a session when none is on). */
  async function passwordStep(address: string): Promise<{ status: number; location: string | null; cookie: string }> {
    const context = requestContext(address);
    const outcome = await answer(() =>
      loginAction({
        request: post("/login", { email, password: PASSWORD }),
        context,
        params: {},
      } as unknown as Parameters<typeof loginAction>[0]),
    );
    return { status: outcome.status, location: outcome.headers.get("Location"), cookie: cookiesOf(outcome.headers) };
  }

  async function codeStep(cookie: string, code: string, address: string): Promise<Answer> {
    return answer(() =>
      twoFactorAction({
        request: post("/login/two-factor", { method: "totp", code }, cookie),
        context: requestContext(address),
        params: {},
      } as unknown as Parameters<typeof twoFactorAction>[0]),
    );
  }

  it("answers a 4xx, not a 5xx, to backup codes or a code asked of an account without a second factor", async () => {
    const signedIn = await passwordStep("203.0.113.40");
    expect(signedIn.status).toBe(302);
    const request = post("/admin/account", {}, signedIn.cookie);
    const context = requestContext("203.0.113.40");
    const codes = await newBackupCodes(request, context, { email }, PASSWORD);
    expect(codes).toMatchObject({ ok: false, reason: "not-enabled" });
    context.set(staffContext, {
      id: userId,
      email,
      name: "Totp",
      role: "editor",
      twoFactorEnabled: false,
      sessionId: "test-session",
    });
    const outcome = await answer(() =>
      accountAction({
        request: post("/admin/account", { intent: "two-factor-codes", current: PASSWORD }, signedIn.cookie),
        context,
        params: {},
      } as unknown as Parameters<typeof accountAction>[0]),
    );
    expect(outcome.status).toBe(409);
    expect(outcome.data).toMatchObject({ toast: { title: "Two-factor authentication is not on" } });
    // A code posted to the sign-in's second step without a challenge, signed in or not: back to /login.
    for (const cookie of [signedIn.cookie, ""]) {
      const code = await codeStep(cookie, "000000", "203.0.113.40");
      expect(code.status).toBe(302);
      expect(code.headers.get("Location")).toBe("/login");
    }
  });

  it("accepts each code once: the enrolment code and a sign-in code are refused when used again", async () => {
    // Another device signed in with the password alone, before the second factor is set up.
    const elsewhere = await passwordStep("203.0.113.39");
    expect(elsewhere.cookie).toContain("session_token=");
    const signedIn = await passwordStep("203.0.113.41");
    const request = post("/admin/account", {}, signedIn.cookie);
    const context = requestContext("203.0.113.41");
    const started = await startEnrolment(request, context, { id: userId, email }, PASSWORD);
    if (!started.ok) throw new Error(`enrolment not started: ${started.reason}`);
    key = started.value.key;
    // One time step for the whole test: its code and the next one are both inside the window.
    const step = Math.floor(Date.now() / 30_000);
    const before = new Date();
    const confirmed = await confirmEnrolment(request, context, { id: userId }, codeAt(key, step));
    expect(confirmed.ok).toBe(true);
    // Every session made before the confirmation ended, the other device's too: only the new one is left.
    const sessions = await handle.db.select().from(session).where(eq(session.userId, userId));
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.createdAt.getTime()).toBeGreaterThanOrEqual(before.getTime());
    // The enrolment's code, typed again on the same page, does nothing the second time.
    expect(await confirmEnrolment(request, context, { id: userId }, codeAt(key, step))).toMatchObject({
      ok: false,
      reason: "invalid-code",
    });

    // The enrolment's code does not sign in afterwards.
    const first = await passwordStep("203.0.113.42");
    expect(first.location).toMatch(/^\/login\/two-factor/);
    expect((await codeStep(first.cookie, codeAt(key, step), "203.0.113.42")).status).toBe(401);

    // The next step's code signs in once...
    const second = await passwordStep("203.0.113.43");
    const accepted = await codeStep(second.cookie, codeAt(key, step + 1), "203.0.113.43");
    expect(accepted.status).toBe(302);
    expect(accepted.headers.getSetCookie().join(";")).toContain("session_token=");

    // ...and a fresh challenge with the same code (a replay) is refused, as is an older code.
    const third = await passwordStep("203.0.113.44");
    const replay = await codeStep(third.cookie, codeAt(key, step + 1), "203.0.113.44");
    expect(replay.status).toBe(401);
    expect(replay.headers.getSetCookie().join(";")).not.toContain("session_token=");
    expect(replay.data).toMatchObject({
      result: { error: { code: [expect.stringContaining("That code is not right")] } },
    });
    expect((await codeStep(third.cookie, codeAt(key, step), "203.0.113.44")).status).toBe(401);
  });

  it("refuses two simultaneous sign-ins with one code: only one gets a session", async () => {
    // Forget the steps used above, so the current step's code is fresh for this test.
    await handle.db.update(twoFactor).set({ lastTotpStep: null }).where(eq(twoFactor.userId, userId));
    const [a, b] = [await passwordStep("203.0.113.45"), await passwordStep("203.0.113.46")];
    const code = codeAt(key, Math.floor(Date.now() / 30_000));
    const outcomes = await Promise.all([
      codeStep(a.cookie, code, "203.0.113.45"),
      codeStep(b.cookie, code, "203.0.113.46"),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual([302, 401]);
  });

  it("locks wrong codes per (account, address): the password's other holder cannot lock the owner out", async () => {
    await handle.db.update(twoFactor).set({ lastTotpStep: null }).where(eq(twoFactor.userId, userId));
    const wrongCodes = async (address: string, count: number) => {
      for (let made = 0; made < count; made += 5) {
        const challenge = await passwordStep(address);
        for (let i = 0; i < Math.min(5, count - made); i++) {
          expect((await codeStep(challenge.cookie, "000000", address)).status).toBe(401);
        }
      }
    };
    await wrongCodes("198.51.100.60", SECOND_FACTOR_FAILURES_PER_ADDRESS);
    const step = Math.floor(Date.now() / 30_000);
    const there = await passwordStep("198.51.100.60");
    const refused = await codeStep(there.cookie, codeAt(key, step), "198.51.100.60");
    expect(refused.status).toBe(429);
    expect(refused.data).toMatchObject({
      result: { error: { code: [expect.stringContaining("Too many wrong codes")] } },
    });
    // The owner, elsewhere, signs in with the right code.
    const owner = await passwordStep("192.0.2.61");
    expect((await codeStep(owner.cookie, codeAt(key, step), "192.0.2.61")).status).toBe(302);

    // Guessing spread over many addresses meets the account's ceiling (earlier tests' wrong codes count too).
    let guesses = 0;
    let locked = false;
    for (let at = 0; !locked && at < SECOND_FACTOR_FAILURES_PER_ACCOUNT; at++) {
      const address = `203.0.113.${150 + at}`;
      const challenge = await passwordStep(address);
      for (let i = 0; i < 5 && !locked; i++) {
        const status = (await codeStep(challenge.cookie, "000000", address)).status;
        locked = status === 429;
        if (!locked) expect(status).toBe(401);
        if (!locked) guesses++;
      }
    }
    expect(locked).toBe(true);
    expect(guesses).toBeLessThanOrEqual(SECOND_FACTOR_FAILURES_PER_ACCOUNT - SECOND_FACTOR_FAILURES_PER_ADDRESS);
    const fresh = await passwordStep("192.0.2.62");
    expect((await codeStep(fresh.cookie, codeAt(key, step + 1), "192.0.2.62")).status).toBe(429);
  });
});
