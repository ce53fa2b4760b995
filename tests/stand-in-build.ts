import type { EntryContext, ServerBuild } from "react-router";

type StandInRoute = { id: string; path?: string; parentId?: string; index?: boolean; module: Record<string, unknown> };

/**
 * A production server build of stand-in modules, for tests of what wraps React Router (the
 * request handler, its patch, the metrics labels): the given routes, every one with a loader, and
 * an entry that answers with `render`.
 */
export function standInBuild(
  routes: Record<string, StandInRoute>,
  render: (request: Request, status: number, headers: Headers, context: EntryContext) => Promise<Response>,
): ServerBuild {
  return {
    entry: { module: { default: render } },
    routes,
    assets: {
      entry: { module: "/entry.js", imports: [] },
      routes: Object.fromEntries(
        Object.values(routes).map((route) => [
          route.id,
          { id: route.id, path: route.path, parentId: route.parentId, module: `/${route.id}.js`, hasLoader: true },
        ]),
      ),
      url: "/manifest.js",
      version: "1",
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}
