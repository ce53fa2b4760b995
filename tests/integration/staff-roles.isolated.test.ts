import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { eq } from "drizzle-orm";
import { type MiddlewareFunction, RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ACCESS_DENIED, isStaffRole, SECTION_ROLES, STAFF_ROLES, type StaffRole } from "~/lib/staff-messages";
import routes from "~/routes";
import { middleware as accountAreaMiddleware } from "~/routes/admin/account-area";
import { middleware as contentAreaMiddleware } from "~/routes/admin/content-area";
import { loader as dashboardLoader, middleware as dashboardMiddleware } from "~/routes/admin/home";
import { middleware as staffAreaMiddleware } from "~/routes/admin/layout";
import { middleware as leadsAreaMiddleware } from "~/routes/admin/leads-area";
import { createStaffAccount, LastAdminError, setStaffRole } from "~/server/auth/accounts.server";
import { getAuth } from "~/server/auth/auth.server";
import { getRole, requireRole } from "~/server/auth/session.server";
import { SECOND_FACTOR_SETUP, staffContext } from "~/server/auth/staff-guard.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import { closeDb, useDatabaseForTests } from "~/server/db/db.server";
import { leads, user, userRoles } from "~/server/db/schema";
import * as staffAdmin from "~/server/queries/staff-admin.server";
import { requestContext } from "~/server/request-context.server";
import { adminCreate, parseAdminCreateArgs } from "../../scripts/admin-create-command";
import { dbTargets, migratedDataDir, openMigrated, pgliteTarget } from "./db-targets";

vi.mock("~/server/queries/staff-admin.server", async (original) => {
  const actual = await original<typeof import("~/server/queries/staff-admin.server")>();
  return { ...actual, dashboardFigures: vi.fn(actual.dashboardFigures) };
});

const execFileAsync = promisify(execFile);
const ORIGIN = "http://localhost:3000";
const PASSWORD = "R0les!pass";

describe("staff roles", () => {
  it("are admin and editor; anything else is no role", () => {
    expect(STAFF_ROLES).toEqual(["admin", "editor"]);
    for (const role of STAFF_ROLES) expect(isStaffRole(role)).toBe(true);
    for (const other of [null, undefined, "", "Admin", "superuser", "none"]) expect(isStaffRole(other)).toBe(false);
    expect(SECTION_ROLES).toEqual({
      staffArea: ["admin", "editor"],
      adminOnly: ["admin"],
      content: ["admin", "editor"],
      ownAccount: ["admin", "editor"],
    });
  });
});

/**
 * Guarded by construction: every route under /admin sits under the admin layout, and there in
 * exactly one section layout, except the dashboard. A route added anywhere else fails here.
 */
describe("the staff routes in app/routes.ts", () => {
  const SECTIONS: Record<string, keyof typeof SECTION_ROLES> = {
    "routes/admin/leads-area.tsx": "adminOnly",
    "routes/admin/content-area.tsx": "content",
    "routes/admin/account-area.tsx": "ownAccount",
  };
  type Placed = { path: string; file: string; underAdminLayout: boolean; section: string | null };

  function walk(entries: RouteConfigEntry[], parent = "", underAdminLayout = false, section: string | null = null) {
    const out: Placed[] = [];
    for (const entry of entries) {
      const full = entry.path ? [parent, entry.path].filter(Boolean).join("/") : parent;
      const isAdminLayout = entry.file === "routes/admin/layout.tsx";
      const ownSection = SECTIONS[entry.file] ?? null;
      if (ownSection) {
        expect(section, `${entry.file} nested in another section`).toBeNull();
        expect(entry.path, `${entry.file} must stay pathless`).toBeUndefined();
      }
      out.push({ path: full, file: entry.file, underAdminLayout, section });
      out.push(...walk(entry.children ?? [], full, underAdminLayout || isAdminLayout, ownSection ?? section));
    }
    return out;
  }

  const placed = walk(routes);
  const adminRoutes = placed.filter(
    (route) => route.underAdminLayout && !SECTIONS[route.file] && route.file !== "routes/admin/layout.tsx",
  );

  it("puts every /admin route under the admin layout", () => {
    const outside = placed.filter(
      (route) => /^admin(\/|$)/.test(route.path) && !route.underAdminLayout && route.file !== "routes/admin/layout.tsx",
    );
    expect(outside).toEqual([]);
    expect(adminRoutes.length).toBeGreaterThanOrEqual(8);
  });

  it("puts every route below the admin layout in one section, except the dashboard", () => {
    const loose = adminRoutes.filter((route) => route.section === null);
    expect(loose.map((route) => route.file)).toEqual(["routes/admin/home.tsx"]);
  });

  it("keeps leads, bills, mail, accounts and the audit log admin-only, and content in the content section", () => {
    for (const route of adminRoutes) {
      if (/^admin\/(leads|bills|mail|accounts|audit|privacy)(\/|$)/.test(route.path)) {
        expect(route.section, route.path).toBe("adminOnly");
      }
      if (route.section === "content") expect(route.path, route.file).toMatch(/^admin\/content(\/|$)/);
      if (/^admin\/content(\/|$)/.test(route.path)) expect(route.section, route.path).toBe("content");
    }
    expect(adminRoutes.filter((route) => route.section === "content").map((route) => route.path)).toContain(
      "admin/content",
    );
    expect(adminRoutes.filter((route) => route.section === "adminOnly").map((route) => route.path)).toContain(
      "admin/audit",
    );
    // Privacy requests (export, delete) are for admins only: editors get the section's 403.
    expect(adminRoutes.filter((route) => route.section === "adminOnly").map((route) => route.path)).toEqual(
      expect.arrayContaining(["admin/privacy", "admin/privacy/export"]),
    );
  });
});

type Outcome = { status: number; location?: string; body?: unknown };

/** Runs a route's middleware chain as React Router does, down to a stand-in for its handlers. */
async function runChain(
  chain: MiddlewareFunction<Response>[],
  request: Request,
  handler: (context: RouterContextProvider) => Promise<Response> | Response = () => new Response("ok"),
): Promise<Outcome> {
  const context = new RouterContextProvider();
  const call = async (index: number): Promise<Response> => {
    const middleware = chain[index];
    if (!middleware) return handler(context);
    const result = await middleware(
      { request, context, params: {}, unstable_pattern: "" } as unknown as Parameters<typeof middleware>[0],
      () => call(index + 1),
    );
    return result as Response;
  };
  try {
    const response = await call(0);
    return { status: response.status };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location") ?? "" };
    const refused = thrown as { data?: unknown; init?: ResponseInit | null };
    return { status: refused.init?.status ?? 500, body: refused.data };
  }
}

const asChain = (...lists: unknown[][]) => lists.flat() as MiddlewareFunction<Response>[];
const CHAINS = {
  "/admin": asChain(staffAreaMiddleware, dashboardMiddleware),
  "/admin/account": asChain(staffAreaMiddleware, accountAreaMiddleware),
  "/admin/leads": asChain(staffAreaMiddleware, leadsAreaMiddleware),
  "/admin/content": asChain(staffAreaMiddleware, contentAreaMiddleware),
};

describe.each(dbTargets)("roles on $name", (target) => {
  let handle: DatabaseHandle;
  const cookies: Partial<Record<"admin" | "editor" | "none", string>> = {};
  const ids: Partial<Record<"admin" | "editor" | "none", string>> = {};

  async function signIn(email: string): Promise<string> {
    const auth = await getAuth();
    const response = await auth.api.signInEmail({ body: { email, password: PASSWORD }, asResponse: true });
    expect(response.status).toBe(200);
    return response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; ");
  }

  const idOf = async (email: string) =>
    (await handle.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]?.id ?? "";

  beforeAll(async () => {
    handle = await openMigrated(target);
    useDatabaseForTests(handle);
    await createStaffAccount(handle.db, { email: "admin@roles.example", password: PASSWORD });
    await createStaffAccount(handle.db, { email: "editor@roles.example", password: PASSWORD, role: "editor" });
    await createStaffAccount(handle.db, { email: "none@roles.example", password: PASSWORD, role: "editor" });
    for (const who of ["admin", "editor", "none"] as const) ids[who] = await idOf(`${who}@roles.example`);
    expect(await setStaffRole(handle.db, ids.none ?? "", null)).toEqual({ ok: true });
    for (const who of ["admin", "editor", "none"] as const) cookies[who] = await signIn(`${who}@roles.example`);
    // The admin has set up a second factor (required of admins: its own test below).
    await handle.db
      .update(user)
      .set({ twoFactorEnabled: true })
      .where(eq(user.id, ids.admin ?? ""));
  });
  afterAll(async () => {
    await closeDb();
  });

  const request = (pathname: string, who: "anonymous" | "admin" | "editor" | "none", init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (who !== "anonymous") headers.set("Cookie", cookies[who] ?? "");
    return new Request(`${ORIGIN}${pathname}`, { ...init, headers });
  };

  it("getRole reads admin and editor; an unknown stored value or no row is no role", async () => {
    expect(await getRole(ids.admin ?? "")).toBe("admin");
    expect(await getRole(ids.editor ?? "")).toBe("editor");
    expect(await getRole(ids.none ?? "")).toBeNull();
    await handle.db.insert(user).values({ id: "odd", name: "odd", email: "odd@roles.example" });
    await handle.db.insert(userRoles).values({ userId: "odd", role: "superuser" });
    expect(await getRole("odd")).toBeNull();
    await handle.db.delete(user).where(eq(user.id, "odd"));
  });

  it("requireRole: anonymous to /login, a role outside the list 403, a listed role passes", async () => {
    const anonymous = await requireRole(request("/admin/leads?q=x", "anonymous"), "admin").catch((e: unknown) => e);
    expect(anonymous).toBeInstanceOf(Response);
    expect((anonymous as Response).headers.get("Location")).toBe("/login?redirectTo=%2Fadmin%2Fleads%3Fq%3Dx");

    const { title, message } = ACCESS_DENIED;
    const editorOnAdmin = await requireRole(request("/admin/leads", "editor"), "admin").catch((e: unknown) => e);
    expect(editorOnAdmin).toMatchObject({ init: { status: 403 }, data: { title, message, staffHome: "/admin" } });
    const noRole = await requireRole(request("/admin", "none"), "admin", "editor").catch((e: unknown) => e);
    // No staff role: the spec's Access Denied and that a role is awaited; no way into the staff area offered.
    expect(noRole).toMatchObject({ init: { status: 403 }, data: { title, message, waitingForRole: true } });
    expect((noRole as { data: object }).data).not.toHaveProperty("staffHome");

    expect(await requireRole(request("/admin", "editor"), "admin", "editor")).toMatchObject({
      email: "editor@roles.example",
      role: "editor",
    });
    expect(await requireRole(request("/admin", "admin"), "admin")).toMatchObject({ role: "admin" });
  });

  // The guard chain of each section (the admin layout, then the section layout) for each kind of
  // visitor, reading and changing; the browser-free HTTP version is tests/e2e/staff-authz.spec.ts.
  const expected: Record<keyof typeof CHAINS, Record<"anonymous" | "none" | "editor" | "admin", number>> = {
    "/admin": { anonymous: 302, none: 403, editor: 200, admin: 200 },
    "/admin/leads": { anonymous: 302, none: 403, editor: 403, admin: 200 },
    "/admin/content": { anonymous: 302, none: 403, editor: 200, admin: 200 },
    "/admin/account": { anonymous: 302, none: 403, editor: 200, admin: 200 },
  };
  for (const [pathname, byWho] of Object.entries(expected) as [keyof typeof CHAINS, (typeof expected)["/admin"]][]) {
    for (const [who, status] of Object.entries(byWho) as [keyof typeof byWho, number][]) {
      for (const method of ["GET", "POST"]) {
        it(`${method} ${pathname} as ${who}: ${status}`, async () => {
          let reached = false;
          const init = method === "POST" ? { method, headers: { Origin: ORIGIN }, body: "x=1" } : { method };
          const outcome = await runChain(CHAINS[pathname], request(pathname, who, init), (context) => {
            reached = true;
            expect(context.get(staffContext).role).toBe(who);
            return new Response("ok");
          });
          expect(outcome.status).toBe(status);
          expect(reached).toBe(status === 200);
          if (status === 302) expect(outcome.location).toMatch(/^\/login\?redirectTo=/);
        });
      }
    }
  }

  it("sends an admin without a second factor to set one up, from every section but their account", async () => {
    await handle.db
      .update(user)
      .set({ twoFactorEnabled: false })
      .where(eq(user.id, ids.admin ?? ""));
    try {
      for (const pathname of ["/admin", "/admin/leads", "/admin/content"] as const) {
        for (const init of [{ method: "GET" }, { method: "POST", headers: { Origin: ORIGIN }, body: "x=1" }]) {
          const outcome = await runChain(CHAINS[pathname], request(pathname, "admin", init));
          expect(outcome, `${init.method} ${pathname}`).toEqual({ status: 302, location: SECOND_FACTOR_SETUP });
        }
      }
      expect((await runChain(CHAINS["/admin/account"], request("/admin/account", "admin"))).status).toBe(200);
      // Editors may choose: no second factor still reaches the content editor.
      expect((await runChain(CHAINS["/admin/content"], request("/admin/content", "editor"))).status).toBe(200);
    } finally {
      await handle.db
        .update(user)
        .set({ twoFactorEnabled: true })
        .where(eq(user.id, ids.admin ?? ""));
    }
  });

  it("refuses a change from another site, whatever the role", async () => {
    for (const pathname of Object.keys(CHAINS) as (keyof typeof CHAINS)[]) {
      const init = { method: "POST", headers: { Origin: "https://evil.example" }, body: "x=1" };
      expect((await runChain(CHAINS[pathname], request(pathname, "admin", init))).status).toBe(403);
    }
  });

  it("reads the session once per request, however many guards run", async () => {
    const auth = await getAuth();
    const spy = vi.spyOn(auth.api, "getSession");
    await runChain(CHAINS["/admin/leads"], request("/admin/leads", "admin"));
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
  });

  it("the dashboard reads lead figures for admins only", async () => {
    await handle.db.insert(leads).values({ kind: "guide", name: "Lea Dashboard", email: "lea@dash.example" });
    const figures = vi.mocked(staffAdmin.dashboardFigures);
    const asRole = async (role: StaffRole) => {
      const context = requestContext("203.0.113.1");
      context.set(staffContext, {
        id: ids[role] ?? "",
        email: `${role}@roles.example`,
        name: role,
        role,
        twoFactorEnabled: true,
        sessionId: "test-session",
      });
      return dashboardLoader({ context } as unknown as Parameters<typeof dashboardLoader>[0]);
    };
    figures.mockClear();
    const editor = await asRole("editor");
    expect(figures).not.toHaveBeenCalled();
    // Page views per day and the stale-content queue (records only): no lead, no count of
    // leads, no lead source.
    expect(editor).toEqual({
      viewsByDay: expect.any(Array),
      contentQueue: expect.any(Object),
      leads: null,
      attention: null,
      backup: null,
      mailPaused: [],
      hooksPaused: [],
      dueNow: null,
    });
    expect(Object.keys(editor.contentQueue).sort()).toEqual(["failed", "items", "total"]);
    expect(editor.viewsByDay).toHaveLength(30);
    for (const day of editor.viewsByDay) expect(Object.keys(day)).toEqual(["day", "count"]);

    const admin = await asRole("admin");
    expect(figures).toHaveBeenCalledTimes(1);
    expect(admin.leads?.leadsByDay.reduce((sum, day) => sum + day.guide, 0)).toBe(1);
    expect(admin.viewsByDay).toEqual(editor.viewsByDay);
    expect(admin.attention).toMatchObject({ uncontacted: expect.any(Number), unassigned: expect.any(Number) });
    // The last backup is shown to admins only.
    expect(admin.backup).toMatchObject({ lastAt: null, overdue: expect.any(Boolean) });
    expect(admin.mailPaused).toEqual([]);
    expect(admin.hooksPaused).toEqual([]);
    expect(admin.dueNow).toMatchObject({ total: 0, leads: [] });
  });

  it("an admin gives an account admin, editor or no role; the last admin keeps theirs", async () => {
    const roleOf = async (id: string) =>
      (await handle.db.select().from(userRoles).where(eq(userRoles.userId, id)))[0]?.role ?? null;
    const other = ids.none ?? "";
    expect(await setStaffRole(handle.db, other, "editor")).toEqual({ ok: true });
    expect(await roleOf(other)).toBe("editor");
    expect(await setStaffRole(handle.db, other, "admin")).toEqual({ ok: true });
    expect(await roleOf(other)).toBe("admin");
    expect(await setStaffRole(handle.db, other, null)).toEqual({ ok: true });
    expect(await roleOf(other)).toBeNull();
    expect(await setStaffRole(handle.db, other, null)).toEqual({ ok: true });
    expect(await setStaffRole(handle.db, "no-such-account", "editor")).toEqual({
      ok: false,
      reason: "unknown-account",
    });

    // The only admin can become neither editor nor nobody.
    const admin = ids.admin ?? "";
    expect(await setStaffRole(handle.db, admin, "editor")).toEqual({ ok: false, reason: "last-admin" });
    expect(await setStaffRole(handle.db, admin, null)).toEqual({ ok: false, reason: "last-admin" });
    expect(await setStaffRole(handle.db, admin, "admin")).toEqual({ ok: true });
    expect(await roleOf(admin)).toBe("admin");

    // With two admins, both removing their own role at once: exactly one succeeds.
    expect(await setStaffRole(handle.db, other, "admin")).toEqual({ ok: true });
    const outcomes = await Promise.all([setStaffRole(handle.db, admin, null), setStaffRole(handle.db, other, null)]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([{ ok: false, reason: "last-admin" }]);
    const admins = await handle.db.select().from(userRoles).where(eq(userRoles.role, "admin"));
    expect(admins).toHaveLength(1);
    // Back as before: the first admin, the other account without a role.
    if (admins[0]?.userId !== admin) {
      expect(await setStaffRole(handle.db, admin, "admin")).toEqual({ ok: true });
      expect(await setStaffRole(handle.db, other, null)).toEqual({ ok: true });
    }
    expect(await roleOf(other)).toBeNull();
  });

  it("admin:create makes editors too, and never demotes the last admin", async () => {
    const input = { email: "Writer@Roles.example", password: PASSWORD, role: "editor" as const };
    expect(await createStaffAccount(handle.db, input)).toBe("created");
    expect(await createStaffAccount(handle.db, input)).toBe("unchanged");
    expect(await getRole(await idOf("writer@roles.example"))).toBe("editor");
    expect(await createStaffAccount(handle.db, { ...input, role: "admin" })).toBe("granted");
    expect(await createStaffAccount(handle.db, input)).toBe("granted");
    expect(await getRole(await idOf("writer@roles.example"))).toBe("editor");
    await expect(
      createStaffAccount(handle.db, { email: "admin@roles.example", password: "", role: "editor" }),
    ).rejects.toBeInstanceOf(LastAdminError);
    expect(await getRole(ids.admin ?? "")).toBe("admin");
  });
});

describe("npm run admin:create", () => {
  let dataDir: string;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "solar-admin-create-"));
    await migratedDataDir(dataDir);
    handle = await openMigrated(pgliteTarget);
  });
  afterAll(async () => {
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const run = async (...args: string[]) =>
    (
      await execFileAsync(process.execPath, ["--import", "tsx", "scripts/admin-create.ts", ...args], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
        encoding: "utf8",
      })
    ).stdout;

  it("makes an admin by default, as a process on the configured database; refuses an unknown role", async () => {
    // One real run for the wiring (each costs seconds of tsx start-up); the branches run below, in process.
    // The refused role never opens the database, so it runs beside the first.
    const unknownRole = run("--email", "x@cli.example", "--password", PASSWORD, "--role", "owner").then(
      () => "exited 0",
      (error: Error) => error.message,
    );
    expect(await run("--email", "first@cli.example", "--password", PASSWORD)).toContain(
      "Created the verified admin account first@cli.example.",
    );
    expect(await unknownRole).toMatch(/Usage/);
  }, 120_000);

  it("reads its arguments: admin by default, --role editor, nothing else", () => {
    const base = ["--email", "a@cli.example", "--password", PASSWORD];
    expect(parseAdminCreateArgs(base)).toEqual({ email: "a@cli.example", password: PASSWORD, role: "admin" });
    expect(parseAdminCreateArgs([...base, "--role", "editor"])?.role).toBe("editor");
    expect(parseAdminCreateArgs([...base, "--role", "owner"])).toBeNull();
    expect(parseAdminCreateArgs(["--email", "a@cli.example"])).toBeNull();
  });

  it("makes an editor with --role editor, and never demotes the last admin", async () => {
    const editor = { email: "writer@cli.example", password: PASSWORD, role: "editor" } as const;
    expect(await adminCreate(handle.db, editor)).toEqual({
      exitCode: 0,
      line: "Created the verified editor account writer@cli.example.",
    });
    const first = { email: "first@cli.example", password: PASSWORD, role: "admin" } as const;
    expect((await adminCreate(handle.db, first)).exitCode).toBe(0);
    expect(await adminCreate(handle.db, { ...first, role: "editor" })).toEqual({
      exitCode: 1,
      line: "first@cli.example is the last admin: make another admin before giving it the editor role.",
    });
  });
});
