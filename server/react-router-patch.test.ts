import { createRequire } from "node:module";
import type { EntryContext } from "react-router";
import { describe, expect, it } from "vitest";
import { standInBuild } from "../tests/stand-in-build";

/**
 * patches/react-router+7.18.4.patch (decision 0032), applied by `postinstall`: React Router no
 * longer encodes the loader data of a document that never reads it (a page without <Scripts>),
 * and builds the route-module map once per build. Both module formats the server may load.
 */
type ReactRouter = typeof import("react-router");
const formats: [string, () => Promise<ReactRouter>][] = [
  ["ES module", () => import("react-router")],
  ["CommonJS", async () => createRequire(import.meta.url)("react-router") as ReactRouter],
];

describe.each(formats)("React Router as patched (%s)", (_format, load) => {
  /** A one-route build whose loader data counts how often it is read, and an entry that keeps its context. */
  function build(readStream: boolean) {
    const seen = { reads: 0, contexts: [] as EntryContext[], handoff: "" };
    const loaderData = {
      get probe() {
        seen.reads += 1;
        return "read";
      },
    };
    const serverBuild = standInBuild(
      { root: { id: "root", path: "", module: { default: () => null, loader: () => loaderData } } },
      async (_request, status, headers, context) => {
        seen.contexts.push(context);
        if (readStream && context.serverHandoffStream) {
          seen.handoff = await new Response(context.serverHandoffStream).text();
        }
        return new Response("<html></html>", { status, headers });
      },
    );
    return { serverBuild, seen };
  }

  it("a document that does not read the hydration data leaves the loader data unencoded", async () => {
    const { createRequestHandler } = await load();
    const { serverBuild, seen } = build(false);
    const handler = createRequestHandler(serverBuild, "production");
    const response = await handler(new Request("http://localhost/"));
    expect(response.status).toBe(200);
    expect(seen.contexts).toHaveLength(1);
    expect(seen.reads).toBe(0);
  });

  it("a document that reads it still gets every value, encoded", async () => {
    const { createRequestHandler } = await load();
    const { serverBuild, seen } = build(true);
    const handler = createRequestHandler(serverBuild, "production");
    await handler(new Request("http://localhost/"));
    expect(seen.reads).toBe(1);
    expect(seen.handoff).toContain('"probe"');
    expect(seen.handoff).toContain('"read"');
  });

  it("builds the route-module map once, not per request", async () => {
    const { createRequestHandler } = await load();
    const { serverBuild, seen } = build(false);
    const handler = createRequestHandler(serverBuild, "production");
    await handler(new Request("http://localhost/"));
    await handler(new Request("http://localhost/?again"));
    expect(seen.contexts).toHaveLength(2);
    expect(seen.contexts[1]?.routeModules).toBe(seen.contexts[0]?.routeModules);
    expect(seen.contexts[0]?.routeModules.root).toBe(serverBuild.routes.root?.module);
  });

  it("converts a routes array to data routes once, whatever the request", async () => {
    const { createStaticHandler, createStaticRouter } = await load();
    const routes = [{ id: "root", path: "/", children: [{ id: "about", path: "about" }] }];
    const handler = createStaticHandler(routes);
    const first = await handler.query(new Request("http://localhost/about"));
    const second = await handler.query(new Request("http://localhost/"));
    if (first instanceof Response || second instanceof Response) throw new Error("expected contexts");
    const a = createStaticRouter(routes, first);
    const b = createStaticRouter(routes, second);
    expect(b.routes).toBe(a.routes);
    expect(a.state.matches.map((match) => match.route.id)).toEqual(["root", "about"]);
    expect(b.state.matches.map((match) => match.route.id)).toEqual(["root"]);
  });
});
