import { LRUCache } from "lru-cache";
import { matchRoutes, type RouteObject } from "react-router";

export const UNMATCHED = "unmatched";

type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean };
type Pattern = { path: string; caseSensitive: boolean };

/**
 * A route pattern, never the path: a metric label must take a bounded number of values.
 * `matchRoutes` ranks all routes per call (~0.3 ms), so paths are matched only within their first segment's group.
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
    // React Router warns on the console for each undecodable path.
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
