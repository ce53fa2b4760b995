import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { data, type ServerBuild } from "react-router";
import { afterAll, describe, expect, it } from "vitest";
import { HtmlCache } from "~/server/html-cache.server";
import { metricsRegistry } from "~/server/metrics/registry.server";
import { labelled, STATIC_ROUTE, serveMetrics } from "../../server/metrics";
import { createCachedRequestHandler } from "../../server/react-router-handler";
import { createRouteLabeler } from "../../server/route-label";
import { standInBuild } from "../stand-in-build";
import { routeManifestOfApp } from "./route-manifest";

const TOKEN = "metrics-token-for-tests-0123456789";

/**
 * The app's routes (app/routes.ts) in a build of stand-in modules: every page renders an empty
 * document anyone may cache; the catch-all answers 404 as the real one does.
 */
function buildOfApp(): ServerBuild {
  const manifest = routeManifestOfApp();
  const routes = Object.fromEntries(
    Object.entries(manifest).map(([id, route]) => [
      id,
      {
        ...route,
        module: {
          default: () => null,
          loader: () => {
            if (route.path === "*") throw data("Not Found", { status: 404 });
            return null;
          },
        },
      },
    ]),
  );
  return standInBuild(routes, async (_request, status, headers) => {
    if (status === 200) headers.set("Cache-Control", "public, s-maxage=60");
    return new Response("<html></html>", { status, headers });
  });
}

const servers: { close(): void }[] = [];
afterAll(() => {
  for (const server of servers) server.close();
});

/** The server's metrics middleware, a static folder and the React Router handler, as server/app.ts stacks them. */
async function serve(settings: { token?: string; allowFrom?: string }, options: { plainAnswers?: boolean } = {}) {
  const build = buildOfApp();
  const labeler = createRouteLabeler(build.routes);
  const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), "metrics-static-"));
  fs.writeFileSync(path.join(staticDir, "favicon.ico"), "icon");
  const app = express();
  app.use(serveMetrics(settings, () => labeler));
  app.use(labelled(STATIC_ROUTE, express.static(staticDir, { index: false })));
  const { handler } = createCachedRequestHandler({
    build,
    mode: "production",
    cache: new HtmlCache(60),
    siteUrl: "http://localhost",
  });
  // The labels come from the middleware and the routes' patterns, not from rendering: a test of
  // many URLs may answer them plainly (a 404 for the catch-all, else 200), at a fraction of the CPU.
  app.all(
    "*splat",
    options.plainAnswers ? (req, res) => void res.status(labeler(req.path) === "unmatched" ? 404 : 200).end() : handler,
  );
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return (url: string, init?: RequestInit) => fetch(`${origin}${url}`, init);
}

const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

/** The `route` label of every request series in a scrape. */
function routeLabels(text: string): Set<string> {
  return new Set(
    [...text.matchAll(/^solar_http_request_duration_seconds_count\{[^}]*route="([^"]*)"/gm)].map((m) => m[1] as string),
  );
}

describe("/metrics", () => {
  it("is off (404, like any unknown address) when neither METRICS_TOKEN nor METRICS_ALLOW_FROM is set", async () => {
    const get = await serve({});
    const response = await get("/metrics", bearer(TOKEN));
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("solar_");
  });

  it("refuses a scraper without the token, or with a wrong one: 401, nothing revealed, never cached", async () => {
    const get = await serve({ token: TOKEN });
    for (const init of [undefined, bearer("wrong-token-of-the-same-sort-0123"), bearer(`${TOKEN}0`)]) {
      const response = await get("/metrics", init);
      expect(response.status).toBe(401);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expect(await response.text()).toBe("Unauthorized");
    }
  });

  it("answers the token with Prometheus text, never cached", async () => {
    const get = await serve({ token: TOKEN });
    const response = await get("/metrics", bearer(TOKEN));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const text = await response.text();
    expect(text).toContain("# TYPE solar_http_request_duration_seconds histogram");
    // prom-client's Node.js set: the event-loop lag among them.
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
  });

  it("answers an address of METRICS_ALLOW_FROM without a token, and no other address", async () => {
    expect((await (await serve({ allowFrom: "127.0.0.0/8" }))("/metrics")).status).toBe(200);
    expect((await (await serve({ allowFrom: "10.0.0.0/8" }))("/metrics")).status).toBe(401);
  });

  it("lists requests by route pattern and status after a few requests, never their paths", async () => {
    const get = await serve({ token: TOKEN });
    const hitsBefore = (await htmlCacheCount("hit")) ?? 0;
    for (const url of [
      "/about",
      "/about?utm_source=mail",
      "/incentives/states/tx",
      "/incentives/states/ca?x=1",
      "/admin/leads/bill/5f1e-secret-id",
      "/no-such-page/at-all",
      "/favicon.ico",
    ]) {
      await (await get(url)).arrayBuffer();
    }
    const text = await (await get("/metrics", bearer(TOKEN))).text();
    const labels = routeLabels(text);
    for (const route of ["/about", "/incentives/states/:state", "/admin/leads/:kind/:id", "unmatched", "static"]) {
      expect(labels).toContain(route);
    }
    expect(text).toMatch(/solar_http_request_duration_seconds_count\{method="GET",route="\/about",status="200"\} \d/);
    expect(text).toMatch(/route="unmatched",status="404"/);
    expect(text).toMatch(/route="static",status="200"/);
    for (const raw of ["/incentives/states/tx", "5f1e-secret-id", "no-such-page", "utm_source", "favicon"]) {
      expect(text).not.toContain(raw);
    }
    // The second /about (its query dropped from the cache key) came from the HTML cache.
    expect(await htmlCacheCount("hit")).toBeGreaterThan(hitsBefore);
    expect(text).toMatch(/^solar_html_cache_lookups_total\{result="miss"\} \d/m);
  });

  it("keeps 10,000 distinct URLs (random paths, ids and queries) to a bounded set of series", async () => {
    const get = await serve({ token: TOKEN }, { plainAnswers: true });
    const random = () => Math.random().toString(36).slice(2, 10);
    const urls = Array.from({ length: 10_000 }, (_, n) => {
      const shapes = [
        `/${random()}/${random()}`,
        `/incentives/states/${random()}?q=${random()}`,
        `/admin/leads/${random()}/${random()}`,
        `/${random()}.data`,
        `/about?${random()}=${random()}`,
        `/api/auth/${random()}`,
        `/%zz${random()}`,
      ];
      return shapes[n % shapes.length] as string;
    });
    for (let start = 0; start < urls.length; start += 50) {
      await Promise.all(urls.slice(start, start + 50).map(async (url) => (await get(url)).arrayBuffer()));
    }
    const text = await (await get("/metrics", bearer(TOKEN))).text();
    const series = text.split("\n").filter((line) => line.startsWith("solar_http_request_duration_seconds_count"));
    const labels = routeLabels(text);
    expect(labels.size).toBeLessThanOrEqual(12);
    expect(series.length).toBeLessThan(40);
    for (const label of labels) expect(label === "unmatched" || label === "static" || label.startsWith("/")).toBe(true);
  }, 120_000);
});

async function htmlCacheCount(result: string): Promise<number | undefined> {
  const metric = await metricsRegistry.getSingleMetric("solar_html_cache_lookups_total")?.get();
  return metric?.values.find((value) => value.labels.result === result)?.value;
}
