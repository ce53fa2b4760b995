import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as logoutAction } from "~/routes/logout";
import { middleware as staffShellMiddleware } from "~/routes/staff-shell";
import { createStaffAccount } from "~/server/auth/accounts.server";
import { getAuth } from "~/server/auth/auth.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import { closeDb, useDatabaseForTests } from "~/server/db/db.server";
import { dbTargets, openMigrated } from "./db-targets";

/**
 * Posts from another site to the staff area's sign-in pages and to Sign Out are refused;
 * from our own pages they go through.
 */
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
    useDatabaseForTests(handle);
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

describe("the staff shell (sign-in, two-factor, forgot and reset password)", () => {
  /** The shell's middleware chain as React Router runs it, down to a stand-in for the action. */
  async function run(headers: Record<string, string>, method = "POST"): Promise<number> {
    const request = new Request(`${ORIGIN}/forgot-password`, {
      method,
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      body: method === "POST" ? "email=someone%40example.com" : undefined,
    });
    const step = async (index: number): Promise<Response> => {
      const middleware = staffShellMiddleware[index];
      if (!middleware) return new Response(null, { status: 200 });
      const result = await middleware(
        { request, context: {}, params: {}, unstable_pattern: "" } as unknown as Parameters<typeof middleware>[0],
        () => step(index + 1),
      );
      return result instanceof Response ? result : step(index + 1);
    };
    return statusOf(() => step(0));
  }

  it("refuses a post from another site, with or without an Origin header", async () => {
    expect(await run({ "Sec-Fetch-Site": "cross-site" })).toBe(403);
    expect(await run({ "Sec-Fetch-Site": "same-site" })).toBe(403);
    expect(await run({ Origin: "http://evil.example" })).toBe(403);
  });

  it("lets our own pages, non-browser clients and every GET through", async () => {
    expect(await run({ Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" })).toBe(200);
    expect(await run({})).toBe(200);
    expect(await run({ "Sec-Fetch-Site": "cross-site" }, "GET")).toBe(200);
  });
});
