import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import routes from "~/routes";

/** app/routes.ts as React Router matches it, each route named by its module file. */
function tree(entries: RouteConfigEntry[]): RouteObject[] {
  return entries.map((entry) => ({
    id: entry.id ?? entry.file,
    path: entry.path,
    index: entry.index,
    children: entry.children ? tree(entry.children) : undefined,
  })) as RouteObject[];
}

const modulesFor = (pathname: string) =>
  (matchRoutes(tree(routes), pathname) ?? []).map((match) => match.route.id ?? "");

describe("the public shell layout", () => {
  it("wraps every public page, 404s included", () => {
    for (const pathname of ["/", "/about", "/incentives/states/CA", "/farms", "/check-my-quote", "/no-such-page"]) {
      expect(modulesFor(pathname), pathname).toContain("routes/public-shell.tsx");
    }
  });

  it("is not matched by staff requests, so its loader (banner, business details) never runs for them", () => {
    for (const pathname of ["/login", "/login/two-factor", "/admin", "/admin/leads", "/admin/content/incentives/x"]) {
      const matched = modulesFor(pathname);
      expect(matched, pathname).toContain("routes/staff-shell.tsx");
      expect(matched, pathname).not.toContain("routes/public-shell.tsx");
    }
    for (const pathname of ["/api/auth/get-session", "/healthz", "/sitemap.xml", "/logout"]) {
      expect(modulesFor(pathname), pathname).not.toContain("routes/public-shell.tsx");
    }
  });
});
