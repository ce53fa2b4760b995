import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "~/routes/login";
import { createStaffAccount } from "~/server/auth/accounts.server";
import { getAuth } from "~/server/auth/auth.server";
import { requireUser } from "~/server/auth/session.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import { closeDb, useDatabaseForTests } from "~/server/db/db.server";
import { requestContext } from "~/server/request-context.server";
import { dbTargets, openMigrated } from "./db-targets";

/**
 * `/login?redirectTo=`: a tab, newline or invisible character after the
 * first slash once sent browsers to another host, or made the redirect throw (500).
 */
const ORIGIN = "http://localhost:3000";
const EMAIL = "back@redirect.example";
const PASSWORD = "Redir3ct!pass";
const TRICKS = ["/%09/evil.example", "/%0a/x", "/%0d/x", "/%E2%80%8B/x", "/%E2%80%A8/x", "/%5C/evil.example"];

type LoaderArgs = Parameters<typeof loader>[0];
type ActionArgs = Parameters<typeof action>[0];

/** What a thrown redirect or a returned value comes to: its Location, or the loader's data. */
async function outcomeOf(run: () => Promise<unknown>): Promise<{ location: string | null; data: unknown }> {
  try {
    return { location: null, data: await run() };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    expect(thrown.status).toBe(302);
    return { location: thrown.headers.get("Location"), data: null };
  }
}

/** A Location a browser would follow without leaving this site. */
function expectSameSite(location: string | null) {
  expect(location).toMatch(/^\/(?![/\\])/);
  // Printable ASCII, no backslash: nothing a browser drops or rewrites, a valid header.
  expect(location).toMatch(/^[!-[\]-~]+$/);
  expect(new URL(location ?? "", ORIGIN).origin).toBe(ORIGIN);
}

describe.each(dbTargets)("the sign-in page's return path on $name", (target) => {
  let handle: DatabaseHandle;
  let cookie = "";

  beforeAll(async () => {
    handle = await openMigrated(target);
    useDatabaseForTests(handle);
    await createStaffAccount(handle.db, { email: EMAIL, password: PASSWORD });
    const auth = await getAuth();
    const response = await auth.api.signInEmail({ body: { email: EMAIL, password: PASSWORD }, asResponse: true });
    cookie = response.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    expect(cookie).toContain("session_token");
  });
  afterAll(async () => {
    await closeDb();
  });

  const loginPage = (query: string, signedIn: boolean) =>
    outcomeOf(() =>
      loader({
        request: new Request(`${ORIGIN}/login?redirectTo=${query}`, { headers: signedIn ? { Cookie: cookie } : {} }),
        params: {},
        context: requestContext("203.0.113.20"),
      } as unknown as LoaderArgs),
    );

  it("sends a signed-in user to a same-site path, never throwing", async () => {
    for (const trick of TRICKS) {
      const { location } = await loginPage(trick, true);
      expectSameSite(location);
      expect(location, trick).toBe("/admin/leads");
    }
    expect((await loginPage("%2Fadmin%2Fcontent%3Fq%3Dsolar", true)).location).toBe("/admin/content?q=solar");
    // Percent-encoded in the path is a path of this site: the browser asks us for it.
    expect((await loginPage("/%2509/evil.example", true)).location).toBe("/%09/evil.example");
  });

  it("carries only a safe path in the anonymous form", async () => {
    for (const trick of TRICKS) {
      expect((await loginPage(trick, false)).data, trick).toMatchObject({ redirectTo: "" });
    }
    expect((await loginPage("%2Fadmin%2Fmail", false)).data).toMatchObject({ redirectTo: "/admin/mail" });
  });

  it("the sign-in post redirects to a same-site path whatever redirectTo it carries", async () => {
    for (const redirectTo of ["/\t/evil.example", "/\n/x", "/\u200b/x", "/\u2028/x", "/admin/leads?q=caf\u00e9"]) {
      const body = new URLSearchParams({ mode: "login", email: EMAIL, password: PASSWORD, redirectTo });
      const { location } = await outcomeOf(() =>
        action({
          request: new Request(`${ORIGIN}/login`, {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded" },
            body,
          }),
          params: {},
          context: requestContext("203.0.113.21"),
        } as unknown as ActionArgs),
      );
      expectSameSite(location);
    }
  });

  it("sends an anonymous visitor to /login with a return path only when /login would take it", async () => {
    const asked = async (pathname: string) =>
      outcomeOf(() => requireUser(new Request(`${ORIGIN}${pathname}`))).then((outcome) => outcome.location);
    expect(await asked("/admin/leads?q=%E2%80%8B")).toBe("/login?redirectTo=%2Fadmin%2Fleads%3Fq%3D%25E2%2580%258B");
    expect(await asked("//evil.example/admin")).toBe("/login");
  });
});
