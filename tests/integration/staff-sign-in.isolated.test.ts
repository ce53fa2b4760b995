import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq, like } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MailBudgetNotice } from "~/components/staff/service-notices";
import { loginToasts } from "~/lib/validation/login";
import { action as authApiAction, loader as authApiLoader } from "~/routes/api-auth";
import { action as loginAction } from "~/routes/login";
import { createStaffAccount } from "~/server/auth/accounts.server";
import { getAuth, passwordHashing } from "~/server/auth/auth.server";
import { pausedAccountMail, SIGN_IN_ATTEMPTS } from "~/server/auth/auth-limits.server";
import { inviteColleague } from "~/server/auth/invitations.server";
import { SIGN_UP_PAUSED_MESSAGE } from "~/server/auth/login.server";
import { requestPasswordReset } from "~/server/auth/password.server";
import { getConfig } from "~/server/config.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import { closeDb, useDatabaseForTests } from "~/server/db/db.server";
import { auditEvents, emailOutbox, user } from "~/server/db/schema";
import { deliverDueEmails } from "~/server/mail/outbox.server";
import { createMailSender } from "~/server/mail/outbox-message.server";
import { requestContext } from "~/server/request-context.server";
import { totpCode } from "../totp";
import { dbTargets, openMigrated } from "./db-targets";

/**
 * The sign-in page's action with better-auth, the limits and the database all real
 * (decision 0017). Every password check is counted through better-auth/crypto.
 */
const hashes = vi.hoisted(() => ({ count: 0, realCost: false, holdMs: 0 }));
/** Holds the check's slot for `hashes.holdMs` without burning CPU: contention without a slow test. */
const hold = () => new Promise((resolve) => setTimeout(resolve, hashes.holdMs));
vi.mock("better-auth/crypto", async (original) => {
  const actual = await original<typeof import("better-auth/crypto")>();
  const { fastHashPassword, fastVerifyPassword } = await import("../fast-scrypt");
  return {
    ...actual,
    hashPassword: async (password: string) => {
      hashes.count++;
      await hold();
      return fastHashPassword(password);
    },
    // At the test cost (tests/fast-scrypt.ts), except where the cap on checks at once is tested.
    verifyPassword: async (data: { hash: string; password: string }) => {
      hashes.count++;
      await hold();
      return hashes.realCost ? actual.verifyPassword(data) : fastVerifyPassword(data);
    },
  };
});

const ORIGIN = "http://localhost:3000";
const PASSWORD = "S1gn!inPass";

type Answer = {
  status: number;
  location: string | null;
  toast?: unknown;
  retryAfter: string | null;
  cookies?: string[];
};

async function post(fields: Record<string, string>, address: string, cookie = ""): Promise<Answer> {
  const request = new Request(`${ORIGIN}/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, cookie },
    body: new URLSearchParams(fields),
  });
  const args = { request, context: requestContext(address), params: {} } as unknown as Parameters<
    typeof loginAction
  >[0];
  try {
    const result = (await loginAction(args)) as unknown as { data: { toast: unknown }; init: ResponseInit | null };
    const headers = new Headers(result.init?.headers);
    return {
      status: result.init?.status ?? 200,
      location: null,
      toast: result.data.toast,
      retryAfter: headers.get("Retry-After"),
    };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    const cookies = thrown.headers.getSetCookie().map((line) => line.split(";")[0] ?? "");
    return { status: thrown.status, location: thrown.headers.get("Location"), retryAfter: null, cookies };
  }
}

const signIn = (email: string, password: string, address: string, cookie = "") =>
  post({ email, password }, address, cookie);
const signUp = (email: string, address: string) => post({ mode: "signup", email, password: PASSWORD }, address);

/** Cookies as a browser keeps them: a new value replaces the old one of that name. */
function mergeCookies(cookie: string, fresh: string[]): string {
  const jar = new Map(
    cookie
      .split("; ")
      .filter(Boolean)
      .map((pair) => [pair.split("=", 1)[0], pair]),
  );
  for (const pair of fresh) jar.set(pair.split("=", 1)[0], pair);
  return [...jar.values()].join("; ");
}

/** A new account with two-factor on, signed in once with "trust this device": that device's cookies. */
async function trustThisDevice(email: string): Promise<string> {
  const auth = await getAuth();
  const cookiesOf = (response: Response) => response.headers.getSetCookie().map((line) => line.split(";")[0] ?? "");
  const db = (await import("~/server/db/db.server")).getDb;
  await createStaffAccount(await db(), { email, password: PASSWORD });
  const first = await auth.api.signInEmail({ body: { email, password: PASSWORD }, asResponse: true });
  const session = mergeCookies("", cookiesOf(first));
  const enabled = (await auth.api.enableTwoFactor({
    body: { password: PASSWORD },
    headers: new Headers({ cookie: session }),
  })) as { totpURI: string };
  const key = new URL(enabled.totpURI).searchParams.get("secret") ?? "";
  await auth.api.verifyTOTP({ body: { code: totpCode(key) }, headers: new Headers({ cookie: session }) });
  const challenge = await auth.api.signInEmail({ body: { email, password: PASSWORD }, asResponse: true });
  const trusted = await auth.api.verifyTOTP({
    // The next time step: the enrolment's step is spent.
    body: { code: totpCode(key, Date.now() + 30_000), trustDevice: true },
    headers: new Headers({ cookie: mergeCookies("", cookiesOf(challenge)) }),
    asResponse: true,
  });
  if (!trusted.ok) throw new Error(`The device was not trusted: ${trusted.status}`);
  return mergeCookies("", cookiesOf(trusted))
    .split("; ")
    .filter((pair) => pair.includes("trust_device"))
    .join("; ");
}

describe.each(dbTargets)("staff sign-in and sign-up on $name", (target) => {
  let handle: DatabaseHandle;
  const floodMails = async () =>
    (await handle.db.select().from(emailOutbox).where(eq(emailOutbox.template, "account-verification"))).filter((row) =>
      row.toAddress.endsWith("@flood.example"),
    );
  const accountMails = async (to?: string) =>
    (await handle.db.select().from(emailOutbox).where(eq(emailOutbox.template, "account-verification"))).filter(
      (row) => !to || row.toAddress === to,
    ).length;

  beforeAll(async () => {
    handle = await openMigrated(target);
    useDatabaseForTests(handle);
    await createStaffAccount(handle.db, { email: "admin@signin.example", password: PASSWORD });
  });
  afterAll(async () => {
    await closeDb();
  });

  it("refuses the 6th wrong password with 429, then the right one too from that address", async () => {
    const address = "203.0.113.10";
    for (let attempt = 0; attempt < SIGN_IN_ATTEMPTS; attempt++) {
      expect(await signIn("admin@signin.example", `Wrong${attempt}!pass`, address)).toMatchObject({ status: 401 });
    }
    const hashed = hashes.count;
    const sixth = await signIn("admin@signin.example", "Wrong6!pass", address);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.retryAfter)).toBeGreaterThan(0);
    expect(await signIn("admin@signin.example", PASSWORD, address)).toMatchObject({ status: 429, location: null });
    // Refused before any password was hashed.
    expect(hashes.count).toBe(hashed);
    // The owner, from another address, is not locked out.
    const owner = await signIn("admin@signin.example", PASSWORD, "198.51.100.10");
    expect(owner).toMatchObject({ status: 302, location: "/admin/leads" });
    // The audit log: each failure, the limit once (not each refused request), the success.
    const events = await handle.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subject, "admin@signin.example"))
      .orderBy(asc(auditEvents.at));
    expect(events.map((event) => [event.action, event.address])).toEqual([
      ...Array(SIGN_IN_ATTEMPTS).fill(["sign-in.failed", address]),
      ["sign-in.limited", address],
      ["sign-in.ok", "198.51.100.10"],
    ]);
    expect(events.at(-1)).toMatchObject({ actorEmail: "admin@signin.example" });
  });

  it("answers a known and an unknown e-mail alike, each after exactly one password check", async () => {
    const answers: Answer[] = [];
    const checks: number[] = [];
    for (const email of ["admin@signin.example", "nobody@signin.example"]) {
      const before = hashes.count;
      answers.push(await signIn(email, "Wrong!pass1", "203.0.113.20"));
      checks.push(hashes.count - before);
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toMatchObject({ status: 401, toast: loginToasts.invalidCredentials });
    expect(checks).toEqual([1, 1]);
  });

  it("answers a sign-up for a taken and a new address alike, each after one password hash", async () => {
    const answers: Answer[] = [];
    const checks: number[] = [];
    for (const email of ["admin@signin.example", "newcomer@signin.example"]) {
      const before = hashes.count;
      answers.push(await signUp(email, "203.0.113.30"));
      checks.push(hashes.count - before);
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toMatchObject({ status: 302, location: "/login?notice=account-created" });
    expect(checks).toEqual([1, 1]);
    // Only the new address is sent a confirmation (the owner of the taken one is not spammed).
    expect(await accountMails("admin@signin.example")).toBe(0);
    expect(await accountMails("newcomer@signin.example")).toBe(1);
  });

  it("refuses sign-ups from one address beyond the hourly limit, and queues no more mail", async () => {
    const limit = getConfig().SIGNUPS_PER_ADDRESS_PER_HOUR;
    const address = "198.51.100.40";
    const before = await accountMails();
    for (let i = 0; i < limit; i++) expect((await signUp(`flood${i}@signin.example`, address)).status).toBe(302);
    const refused = await signUp("flood-extra@signin.example", address);
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(await accountMails()).toBe(before + limit);
    const [extra] = await handle.db.select().from(user).where(eq(user.email, "flood-extra@signin.example"));
    expect(extra).toBeUndefined();
  });

  it("sends one recipient at most its daily allowance of confirmation links", async () => {
    const allowance = getConfig().ACCOUNT_MAILS_PER_RECIPIENT_PER_DAY;
    const email = "unconfirmed@signin.example";
    expect((await signUp(email, "100.64.5.50")).status).toBe(302);
    // The right password of an unconfirmed account says so and sends a new link, within the allowance.
    for (let i = 0; i < allowance + 2; i++) {
      expect(await signIn(email, PASSWORD, "203.0.113.51")).toMatchObject({
        status: 403,
        toast: loginToasts.unconfirmed,
      });
    }
    expect(await accountMails(email)).toBe(allowance);
    const [job] = await handle.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(String(job?.formData.url)).toContain("callbackURL=%2Flogin%3Fnotice%3Demail-confirmed");
  });

  it("tells every admin when a new account has confirmed its address and waits for a role", async () => {
    expect((await signUp("waiting@signin.example", "100.64.8.80")).status).toBe(302);
    const [job] = await handle.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "waiting@signin.example"));
    const link = new URL(String(job?.formData.url));
    const token = link.searchParams.get("token") ?? "";
    await (await getAuth()).api.verifyEmail({ query: { token } });
    const notices = await handle.db.select().from(emailOutbox).where(eq(emailOutbox.formType, "New staff account"));
    expect(notices.map((row) => [row.toAddress, row.template, row.formData.account])).toEqual([
      ["admin@signin.example", "staff-notification", "waiting@signin.example"],
    ]);
    // As the admin reads it: who waits, and the link to the page that grants the role.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "staff-notice-"));
    await deliverDueEmails(handle.db, createMailSender({ from: "site@example.com", captureDir: dir }), {
      giveUpAfterMs: 86_400_000,
    });
    const file = fs.readdirSync(dir).find((name) => name.includes(String(notices[0]?.id)));
    const eml = fs.readFileSync(path.join(dir, String(file)), "utf8");
    expect(eml).toContain("Subject: A new staff account is waiting for a role");
    expect(eml).toContain("Account: waiting@signin.example");
    expect(eml).toMatch(/Accounts Page: http:\/\/localhost:\d+\/admin\/accounts/);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("answers a disabled account's right password exactly as a wrong one", async () => {
    await createStaffAccount(handle.db, { email: "gone@signin.example", password: PASSWORD, role: "editor" });
    await handle.db.update(user).set({ disabledAt: new Date() }).where(eq(user.email, "gone@signin.example"));
    const right = await signIn("gone@signin.example", PASSWORD, "203.0.113.90");
    const wrong = await signIn("gone@signin.example", "Wrong!pass9", "203.0.113.90");
    expect(right).toEqual(wrong);
    expect(right).toMatchObject({ status: 401, toast: loginToasts.invalidCredentials });
  });

  it("checks at most PASSWORD_HASHES_AT_ONCE passwords at once and answers 503 beyond", async () => {
    const atOnce = getConfig().PASSWORD_HASHES_AT_ONCE;
    let peak = 0;
    const watch = setInterval(() => {
      peak = Math.max(peak, passwordHashing().running());
    }, 1);
    // Checks at the real cost, so eight overlap (a wrong password fails either way).
    hashes.realCost = true;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => signIn("admin@signin.example", "Wrong!pass2", `192.0.2.${60 + i}`)),
    ).finally(() => {
      hashes.realCost = false;
    });
    clearInterval(watch);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 503).length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 503 || status === 401)).toBe(true);
    expect(peak).toBeLessThanOrEqual(atOnce);
    const busy = answers.find((answer) => answer.status === 503);
    expect(busy).toMatchObject({ toast: loginToasts.busy, retryAfter: "5" });
    // A busy answer is given back to the account: its owner still signs in from there.
    expect(await signIn("admin@signin.example", PASSWORD, "192.0.2.60")).toMatchObject({ status: 302 });
  });

  it("lets staff in while strangers flood wrong passwords from 16 rotating addresses", async () => {
    const trustedCookie = await trustThisDevice("trusted@signin.example");
    await createStaffAccount(handle.db, { email: "known@signin.example", password: PASSWORD });
    expect(await signIn("known@signin.example", PASSWORD, "198.51.100.77")).toMatchObject({ status: 302 });
    hashes.holdMs = 150;
    let flooding = true;
    // A stop of its own: a failed or timed-out test must not leave the flood running into the next.
    const stopAt = Date.now() + 40_000;
    let rotation = 0;
    const strangers: number[] = [];
    // Each attacker moves to a new /24 every 4 attempts, so no address or network budget stops it.
    const attackers = Array.from({ length: 16 }, async (_, attacker) => {
      while (flooding && Date.now() < stopAt) {
        // 16 × 3 attempts a second against 6 checks a second: light on the database, still eight
        // times what the checks can take (PGlite answers in microtasks: without a pause the loop
        // would starve the timers).
        await new Promise((resolve) => setTimeout(resolve, 300));
        const network = Math.floor(rotation++ / 4);
        const address = `10.${attacker}.${network % 250}.${1 + (Math.floor(network / 250) % 250)}`;
        strangers.push((await signIn(`guess${rotation}@signin.example`, "Wrong!pass1", address)).status);
      }
    });
    const trusted: number[] = [];
    const known: number[] = [];
    try {
      let cookie = trustedCookie;
      for (let round = 0; round < 12; round++) {
        const [device, office] = await Promise.all([
          signIn("trusted@signin.example", PASSWORD, `203.0.113.${100 + round}`, cookie),
          signIn("known@signin.example", PASSWORD, `198.51.100.${77 + (round % 2)}`),
        ]);
        trusted.push(device.status);
        known.push(office.status);
        // better-auth renews the trusted-device cookie at each sign-in.
        cookie = mergeCookies(cookie, device.cookies ?? []);
      }
    } finally {
      flooding = false;
      await Promise.all(attackers);
      hashes.holdMs = 0;
    }
    expect(strangers.filter((status) => status === 503).length).toBeGreaterThan(0);
    expect(trusted).toEqual(Array(12).fill(302));
    expect(known.filter((status) => status === 302).length).toBeGreaterThanOrEqual(10);
  });

  it("exposes only the confirmation link of better-auth's API", async () => {
    const call = async (method: string, pathname: string, body?: string) => {
      const request = new Request(`${ORIGIN}${pathname}`, {
        method,
        headers: { "Content-Type": "application/json", Origin: ORIGIN },
        body,
      });
      if (method !== "GET") return authApiAction();
      const args = { request, context: requestContext("203.0.113.70"), params: { "*": "" } };
      return authApiLoader(args as unknown as Parameters<typeof authApiLoader>[0]);
    };
    const json = JSON.stringify({ email: "admin@signin.example", password: PASSWORD, name: "x" });
    for (const pathname of [
      "/api/auth/sign-in/email",
      "/api/auth/sign-up/email",
      "/api/auth/send-verification-email",
      "/api/auth/update-user",
      "/api/auth/change-password",
      "/api/auth/request-password-reset",
    ]) {
      expect((await call("POST", pathname, json)).status, pathname).toBe(404);
    }
    for (const pathname of ["/api/auth/get-session", "/api/auth/list-sessions", "/api/auth/ok"]) {
      expect((await call("GET", pathname)).status, pathname).toBe(404);
    }
    const hashed = hashes.count;
    expect((await call("POST", "/api/auth/sign-in/email", json)).status).toBe(404);
    expect(hashes.count).toBe(hashed);
    // The link itself still reaches better-auth: a bad token goes back to the page with an error.
    const link = await call("GET", "/api/auth/verify-email?token=bad&callbackURL=%2Flogin%3Fnotice%3Demail-confirmed");
    expect(link.status).toBe(302);
    expect(link.headers.get("Location")).toContain("/login?notice=email-confirmed");
  });
  // Last in the file: it uses up this database's sign-up e-mails for the hour.
  it("60 sign-ups from 12 networks use up the sign-up e-mails only: sign-up pauses, a reset and an invitation still go out", async () => {
    const outcomes: number[] = [];
    for (let n = 0; n < 12; n++)
      for (let i = 0; i < 5; i++)
        outcomes.push((await signUp(`mass${n}-${i}@flood.example`, `100.${80 + n}.0.${i + 1}`)).status);
    const paused = await signUp("one-more@flood.example", "100.99.0.1");
    expect(paused).toMatchObject({ status: 429, toast: { description: SIGN_UP_PAUSED_MESSAGE } });
    expect(outcomes.filter((status) => status === 429).length).toBeGreaterThan(0);
    // No account was made that no confirmation could reach.
    const made = await handle.db.select({ email: user.email }).from(user).where(like(user.email, "%@flood.example"));
    expect(made.length).toBe((await floodMails()).length);

    expect(await requestPasswordReset(requestContext("100.120.0.1"), "admin@signin.example")).toBe("sent");
    const resets = await handle.db.select().from(emailOutbox).where(eq(emailOutbox.template, "password-reset"));
    expect(resets.map((row) => row.toAddress)).toContain("admin@signin.example");
    const [admin] = await handle.db.select().from(user).where(eq(user.email, "admin@signin.example"));
    const invited = await inviteColleague(handle.db, {
      email: "colleague@signin.example",
      role: "editor",
      by: { id: admin?.id ?? "", email: "admin@signin.example" },
      siteUrl: ORIGIN,
      siteName: "Test",
    });
    expect(invited).toEqual({ ok: true });
    // The dashboard says which account e-mails are paused, and for how long.
    const pausedKinds = await pausedAccountMail();
    expect(pausedKinds).toEqual([{ kind: "sign-up", seconds: expect.any(Number) }]);
    expect(renderToStaticMarkup(createElement(MailBudgetNotice, { paused: pausedKinds }))).toMatch(
      /Sign-up confirmations \(and so sign-up itself\): for about \d+ more minutes/,
    );
  });
});
