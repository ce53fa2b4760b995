import { LRUCache } from "lru-cache";
import { matchRoutes, type RouteObject } from "react-router";

/** The label of a path no route of ours claims (the catch-all's 404s, undecodable paths). */
export const UNMATCHED = "unmatched";

/** What this reads of a build's route manifest (`build.routes`). */
type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean };
type Pattern = { path: string; caseSensitive: boolean };

/**
 * The route pattern a path is answered by (`/incentives/states/:state`), never the path itself:
 * a metric label must take a bounded number of values however many URLs are requested.
 *
 * Matched with React Router's own `matchRoutes`, which flattens and ranks the routes it is given
 * on every call (about 0.3 ms for the whole app). So the app's full patterns are listed once, flat,
 * and grouped by first segment: a path is matched only against its group (and the patterns that
 * start with a parameter or a splat), a handful of routes; the pages asked for most (those the
 * HTML cache answers) are remembered.
 */
export function createRouteLabeler(manifest: Record<string, ManifestRoute | undefined>): (pathname: string) => string {
  const patterns = fullPatterns(Object.values(manifest).filter((route) => route !== undefined));
  const open = patterns.filter((pattern) => isParameter(firstSegment(pattern.path)));
  const groups = new Map<string, RouteObject[]>();
  for (const pattern of patterns) {
    const first = firstSegment(pattern.path);
    if (isParameter(first)) continue;
    const key = pattern.caseSensitive ? first : first.toLowerCase();
    groups.set(key, [...(groups.get(key) ?? []), toRoute(pattern)]);
  }
  const openRoutes = open.map(toRoute);
  for (const [key, routes] of groups) groups.set(key, [...routes, ...openRoutes]);

  const recent = new LRUCache<string, string>({ max: 2_000 });
  const label = (pathname: string) => {
    // `/about.data` is the data request of `/about` (single fetch); `/_root.data` that of `/`.
    const data = pathname.endsWith(".data");
    const page = data ? pathname.slice(0, -".data".length).replace(/^\/_root$/, "/") : pathname;
    // React Router warns on the console for each undecodable path; one is simply ours to refuse.
    if (page.includes("%") && !decodes(page)) return UNMATCHED;
    const first = firstSegment(page.includes("%") ? decodeURIComponent(page) : page);
    const routes = groups.get(first) ?? groups.get(first.toLowerCase()) ?? openRoutes;
    const path = matchRoutes(routes, page)?.[0]?.route.path;
    if (path === undefined || path === "/*") return UNMATCHED;
    if (!data) return path;
    return path === "/" ? "/_root.data" : `${path}.data`;
  };
  return (pathname) => {
    let known = recent.get(pathname);
    if (known === undefined) {
      known = label(pathname);
      recent.set(pathname, known);
    }
    return known;
  };
}

/** Every distinct full pattern (`/admin/leads/:kind/:id`) the nested manifest can match. */
function fullPatterns(all: ManifestRoute[]): Pattern[] {
  const found = new Map<string, Pattern>();
  const walk = (parentId: string | undefined, parentPath: string) => {
    for (const route of all.filter((candidate) => candidate.parentId === parentId)) {
      const path = route.path ? `${parentPath.replace(/\/$/, "")}/${route.path}` : parentPath || "/";
      // A layout without a path (and without an index) answers nothing itself.
      if (route.path || route.index) found.set(path, { path, caseSensitive: route.caseSensitive === true });
      walk(route.id, path);
    }
  };
  walk(undefined, "");
  return [...found.values()];
}

function toRoute(pattern: Pattern): RouteObject {
  return { path: pattern.path, caseSensitive: pattern.caseSensitive };
}

function firstSegment(path: string): string {
  return path.split("/", 2)[1] ?? "";
}

function isParameter(segment: string): boolean {
  return segment.startsWith(":") || segment === "*";
}

function decodes(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}
