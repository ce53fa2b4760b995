import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "~/routes";

type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean };

/**
 * The flat route manifest a build carries (`build.routes`), made from app/routes.ts as the
 * React Router plugin makes it: the same tree and paths under a "root" route (ids are the tests').
 */
export function routeManifestOfApp(): Record<string, ManifestRoute> {
  const manifest: Record<string, ManifestRoute> = { root: { id: "root", path: "" } };
  const add = (entries: RouteConfigEntry[], parentId: string) => {
    for (const [n, entry] of entries.entries()) {
      const id = entry.id ?? `${parentId}/${n}:${entry.file}`;
      manifest[id] = { id, parentId, path: entry.path, index: entry.index, caseSensitive: entry.caseSensitive };
      if (entry.children) add(entry.children, id);
    }
  };
  add(routes, "root");
  return manifest;
}
