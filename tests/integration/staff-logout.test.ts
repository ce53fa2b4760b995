import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as logoutAction } from "~/routes/logout";
import { createStaffAccount } from "~/server/auth/accounts.server";
import { getAuth } from "~/server/auth/auth.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import { closeDb, useDatabaseHandle } from "~/server/db/db.server";
import { dbTargets, openMigrated } from "./db-targets";

/** Sign Out from another site is refused (security review N13), from our pages it signs out. */
const ORIGIN = "http://localhost:3000";
const PASSWORD = "L0gout!pass1";
const EMAIL = "out@logout.example";

async function statusOf(run: () => Promise<unknown>): Promise<number> {
  try {
    const value = await run();
    return value instanceof Response ? value.status : 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    if (thrown && typeof thrown === "object" && "init" in thrown) {
      return (thrown as { init?: ResponseInit | null }).init?.status ?? 200;
    }
    throw thrown;
  }
}

describe.each(dbTargets)("sign out on $name", (target) => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openMigrated(target);
    useDatabaseHandle(handle);
    await createStaffAccount(handle.db, { email: EMAIL, password: PASSWORD, role: "editor" });
  });
  afterAll(async () => {
    await closeDb();
  });

  async function session(): Promise<string> {
    const response = await (await getAuth()).api.signInEmail({
      body: { email: EMAIL, password: PASSWORD },
      headers: new Headers({ "x-staff-client-address": "203.0.113.60" }),
      asResponse: true,
    });
    return response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; ");
  }
  const live = async (cookie: string) =>
    (await (await getAuth()).api.getSession({ headers: new Headers({ cookie }) })) !== null;
  const logout = (cookie: string, headers: Record<string, string>) =>
    statusOf(() =>
      logoutAction({
        request: new Request(`${ORIGIN}/logout`, { method: "POST", headers: { cookie, ...headers } }),
        params: {},
        context: {},
      } as unknown as Parameters<typeof logoutAction>[0]),
    );

  it("refuses a sign-out posted from another site and keeps the session", async () => {
    const cookie = await session();
    expect(await logout(cookie, { Origin: "http://evil.example" })).toBe(403);
    expect(await logout(cookie, { "Sec-Fetch-Site": "cross-site" })).toBe(403);
    expect(await live(cookie)).toBe(true);
  });

  it("signs out from our own pages", async () => {
    const cookie = await session();
    expect(await logout(cookie, { Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" })).toBe(302);
    expect(await live(cookie)).toBe(false);
  });
});
