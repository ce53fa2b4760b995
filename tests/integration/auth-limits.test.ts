import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  type AuthLimitSettings,
  createAuthLimits,
  LOGIN_WINDOW_SECONDS,
  SIGN_IN_ATTEMPTS,
  SIGN_IN_ATTEMPTS_PER_EMAIL,
  SIGN_IN_NETWORK_FACTOR,
} from "~/server/auth/auth-limits.server";
import { removeUnconfirmedAccounts } from "~/server/auth/unconfirmed-accounts.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import { rateLimits, user, userRoles } from "~/server/db/schema";
import { log } from "~/server/log.server";
import { dbTargets, openMigrated } from "./db-targets";

const SETTINGS: AuthLimitSettings = {
  failuresPerAddress: 20,
  signUpsPerAddressPerHour: 3,
  accountMailsPerRecipientPerDay: 2,
  accountMailsPerHour: 5,
};

describe.each(dbTargets)("staff account limits on $name", (target) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openMigrated(target);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("are shared through the database: what one instance counts, another refuses", async () => {
    // Two limiters, as two server instances would have: nothing is kept in their memory.
    const first = createAuthLimits(handle.db, SETTINGS);
    const second = createAuthLimits(handle.db, SETTINGS);
    for (let attempt = 0; attempt < SIGN_IN_ATTEMPTS; attempt++) {
      expect(await (attempt % 2 ? first : second).beginSignIn("Target@Example.com", "203.0.113.1")).toBe(0);
    }
    const wait = await second.beginSignIn(" TARGET@example.com", "203.0.113.1");
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(LOGIN_WINDOW_SECONDS);
    // The e-mail's lock-out is per address: the owner elsewhere still gets in.
    expect(await first.beginSignIn("target@example.com", "198.51.100.7")).toBe(0);
    // Another e-mail from the limited address is not affected by that e-mail's count.
    expect(await second.beginSignIn("other@example.com", "203.0.113.1")).toBe(0);
  });

  it("give a successful attempt back and clear the (e-mail, address) count", async () => {
    const limits = createAuthLimits(handle.db, SETTINGS);
    for (let attempt = 0; attempt < SIGN_IN_ATTEMPTS - 1; attempt++) {
      expect(await limits.beginSignIn("owner@example.com", "192.0.2.1")).toBe(0);
    }
    expect(await limits.beginSignIn("owner@example.com", "192.0.2.1")).toBe(0);
    await limits.signInSucceeded("owner@example.com", "192.0.2.1");
    for (let attempt = 0; attempt < SIGN_IN_ATTEMPTS; attempt++) {
      expect(await limits.beginSignIn("owner@example.com", "192.0.2.1")).toBe(0);
    }
    expect(await limits.beginSignIn("owner@example.com", "192.0.2.1")).toBeGreaterThan(0);
  });

  it("stop a guesser spread over many addresses at the e-mail's ceiling", async () => {
    const limits = createAuthLimits(handle.db, SETTINGS);
    for (let attempt = 0; attempt < SIGN_IN_ATTEMPTS_PER_EMAIL; attempt++) {
      expect(await limits.beginSignIn("ceo@example.com", `10.0.${attempt}.1`)).toBe(0);
    }
    expect(await limits.beginSignIn("ceo@example.com", "10.9.9.9")).toBeGreaterThan(0);
    // The owner's trusted device is not locked out by strangers.
    expect(await limits.beginSignIn("ceo@example.com", "10.9.9.9", "trusted")).toBe(0);
  });

  it("count an attempt refused as busy against its address and network, not against the account", async () => {
    const limits = createAuthLimits(handle.db, { ...SETTINGS, failuresPerAddress: 2 });
    const network = 2 * SIGN_IN_NETWORK_FACTOR;
    for (let i = 0; i < network; i++) {
      expect(await limits.beginSignIn("busy-target@example.com", `100.65.0.${Math.floor(i / 2)}`)).toBe(0);
      await limits.signInBusy("busy-target@example.com", `100.65.0.${Math.floor(i / 2)}`);
    }
    // The address and the /24 are used up; the account is not.
    expect(await limits.beginSignIn("other@example.com", "100.65.0.0")).toBeGreaterThan(0);
    expect(await limits.beginSignIn("other@example.com", "100.65.0.200")).toBeGreaterThan(0);
    expect(await limits.beginSignIn("busy-target@example.com", "203.0.113.200")).toBe(0);
  });

  it("limit one address across e-mails", async () => {
    const limits = createAuthLimits(handle.db, { ...SETTINGS, failuresPerAddress: 3 });
    // A network no other test uses: its budget (SIGN_IN_NETWORK_FACTOR × 3) is shared by its addresses.
    for (let i = 0; i < 3; i++) expect(await limits.beginSignIn(`user${i}@example.com`, "100.64.9.9")).toBe(0);
    expect(await limits.beginSignIn("fresh@example.com", "100.64.9.9")).toBeGreaterThan(0);
    expect(await limits.beginSignIn("fresh@example.com", "100.64.9.10")).toBe(0);
  });

  it("give back an attempt our server failed, so an outage locks nobody out", async () => {
    const limits = createAuthLimits(handle.db, SETTINGS);
    for (let attempt = 0; attempt < SIGN_IN_ATTEMPTS * 2; attempt++) {
      expect(await limits.beginSignIn("patient@example.com", "192.0.2.20")).toBe(0);
      await limits.signInNotCounted("patient@example.com", "192.0.2.20");
    }
  });

  it("limit sign-ups per address and per network (/24, /64) per hour", async () => {
    const limits = createAuthLimits(handle.db, SETTINGS);
    for (let i = 0; i < SETTINGS.signUpsPerAddressPerHour; i++) expect(await limits.takeSignUp("192.0.2.30")).toBe(0);
    const wait = await limits.takeSignUp("192.0.2.30");
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(3600);
    // Another address of the same /24 meets the network's limit; another network does not.
    expect(await limits.takeSignUp("192.0.2.31")).toBeGreaterThan(0);
    expect(await limits.takeSignUp("198.51.100.31")).toBe(0);
    for (let i = 0; i < SETTINGS.signUpsPerAddressPerHour; i++)
      expect(await limits.takeSignUp(`2001:db8:5:6::${i + 1}`)).toBe(0);
    expect(await limits.takeSignUp("2001:db8:5:6::ff")).toBeGreaterThan(0);
  });

  it("limit account e-mails per recipient, and each kind apart for the whole site", async () => {
    const limits = createAuthLimits(handle.db, SETTINGS);
    expect(await limits.takeAccountMail("victim@example.com", "sign-up")).toBe(true);
    expect(await limits.takeAccountMail("VICTIM@example.com ", "sign-up")).toBe(true);
    expect(await limits.takeAccountMail("victim@example.com", "password-reset")).toBe(false);
    // The refused mail used none of the site's budget: 3 more recipients get theirs.
    for (const to of ["a@example.com", "b@example.com", "c@example.com"]) {
      expect(await limits.takeAccountMail(to, "sign-up")).toBe(true);
    }
    const told = vi.spyOn(log, "error");
    expect(await limits.takeAccountMail("d@example.com", "sign-up")).toBe(false);
    expect(await limits.takeAccountMail("e@example.com", "sign-up")).toBe(false);
    // Told once an hour per kind, not once per refused mail.
    expect(
      told.mock.calls.filter(([, message]) => message === "Account e-mail budget used up for the hour"),
    ).toHaveLength(1);
    told.mockRestore();
    expect(await limits.mailBudgetWait("sign-up")).toBeGreaterThan(0);
    // Sign-ups used up their budget; resets and invitations have their own.
    expect(await limits.mailBudgetWait("password-reset")).toBe(0);
    expect(await limits.takeAccountMail("admin@example.com", "password-reset")).toBe(true);
    expect(await limits.takeAccountMail("colleague@example.com", "invitation")).toBe(true);
  });

  it("keep no e-mail address in the table", async () => {
    const keys = (await handle.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((key) => key.includes("@"))).toEqual([]);
  });

  it("remove sign-ups nobody confirmed after three days, never a confirmed account or one with a role", async () => {
    const now = new Date("2026-11-29T12:00:00Z");
    const old = new Date("2026-11-25T12:00:00Z");
    const account = (id: string, emailVerified: boolean, createdAt: Date) => ({
      id,
      name: id,
      email: `${id}@accounts.example`,
      emailVerified,
      createdAt,
    });
    await handle.db
      .insert(user)
      .values([
        account("stale", false, old),
        account("fresh", false, new Date("2026-11-28T12:00:00Z")),
        account("confirmed", true, old),
        account("granted", false, old),
      ]);
    await handle.db.insert(userRoles).values({ userId: "granted", role: "editor" });
    expect(await removeUnconfirmedAccounts(handle.db, now)).toBe(1);
    const left = await handle.db
      .select({ id: user.id })
      .from(user)
      .where(inArray(user.id, ["stale", "fresh", "confirmed", "granted"]));
    expect(left.map((row) => row.id).sort()).toEqual(["confirmed", "fresh", "granted"]);
  });
});
