import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../app/server/db/client.server";
import { freePortSync } from "../free-port";
import { expect, test } from "./fixtures";
import { exited, type Started, seededDataDir, startServer, waitReady } from "./spawn-server";

/**
 * The production server as an operator runs it: it must exit cleanly on SIGTERM/SIGINT with the
 * embedded database closed (a restart on the same folder works and keeps the data), refuse a
 * second process on the same data folder, and refuse a bad setting with one clear line.
 */
test.describe.configure({ mode: "serial" });

test("exits cleanly on SIGTERM and SIGINT, releasing the database for a restart", async ({ request, page }) => {
  test.setTimeout(90_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "solar-lifecycle-"));
  const port = String(freePortSync());

  // A failed step must not leave a server running (it would hold a port and a CPU for the rest of the run).
  const servers: Started[] = [];
  const track = (server: Started) => {
    servers.push(server);
    return server;
  };
  try {
    const first = track(startServer({ PORT: port, DATA_DIR: dataDir, SITE_URL: `http://localhost:${port}` }));
    await waitReady(first);
    expect(first.output()).toContain("Seeded an empty database");
    expect((await request.get(`http://127.0.0.1:${port}/healthz`)).status()).toBe(200);

    // A second process on the same folder is refused with a clear message, and changes nothing.
    const intruder = track(startServer({ PORT: String(freePortSync()), DATA_DIR: dataDir }));
    expect(await exited(intruder.child)).toBe(1);
    expect(intruder.output()).toContain("The database folder is in use by another process");

    first.child.kill("SIGTERM");
    expect(await exited(first.child)).toBe(0);
    expect(first.output()).toContain("SIGTERM received");
    expect(fs.existsSync(path.join(dataDir, "db.lock"))).toBe(false);

    // Restart on the same folder: opens cleanly, keeps the seeded data, does not seed again.
    // This time with GA4 configured: the page loads gtag and the CSP allows it.
    const second = track(
      startServer({
        PORT: port,
        DATA_DIR: dataDir,
        SITE_URL: `http://localhost:${port}`,
        GA_MEASUREMENT_ID: "G-TEST12345",
      }),
    );
    await waitReady(second);
    expect(second.output()).not.toContain("Seeded");
    const home = await request.get(`http://127.0.0.1:${port}/`);
    expect(home.status()).toBe(200);
    const html = await home.text();
    expect(html).toContain("Clean Electricity Investment Tax Credit");
    expect(html).toContain("https://www.googletagmanager.com/gtag/js?id=G-TEST12345");
    expect(html).toContain('gtag("config","G-TEST12345",{send_page_view:false})');
    expect(home.headers()["content-security-policy"]).toContain("https://*.analytics.google.com");
    expect(home.headers()["content-security-policy"]).toContain("https://www.googletagmanager.com");
    await page.route("https://www.googletagmanager.com/**", (route) => route.abort());
    await page.goto(`http://127.0.0.1:${port}/about`);
    const gaEvents = await page.evaluate(() =>
      ((window as unknown as { dataLayer?: IArguments[] }).dataLayer ?? []).map((args) => Array.from(args)),
    );
    expect(gaEvents).toContainEqual(["event", "page_view", expect.objectContaining({ page_path: "/about" })]);
    expect(await page.locator('script[src*="googletagmanager"]').count()).toBe(1);

    // A visitor with Global Privacy Control: GA is never loaded, no event is queued.
    const privateContext = await page.context().browser()?.newContext();
    const privatePage = await privateContext?.newPage();
    if (!privatePage || !privateContext) throw new Error("no browser context");
    await privatePage.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }),
    );
    await privatePage.route("https://www.googletagmanager.com/**", (route) => route.abort());
    await privatePage.goto(`http://127.0.0.1:${port}/about`);
    expect(await privatePage.evaluate(() => "dataLayer" in window)).toBe(false);
    expect(await privatePage.locator('script[src*="googletagmanager"]').count()).toBe(0);
    await privateContext.close();
    second.child.kill("SIGINT");
    expect(await exited(second.child)).toBe(0);
  } finally {
    for (const server of servers) {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGKILL");
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test("refuses to start with a bad setting, naming the variable", async () => {
  const server = startServer({ PORT: "not-a-port", DATA_DIR: path.join(os.tmpdir(), "unused-solar-data") });
  expect(await exited(server.child)).toBe(1);
  expect(server.output()).toMatch(/PORT: .*"not-a-port"/);
});

test("with SHUTDOWN_DRAIN_SECONDS, SIGTERM keeps answering (not ready, each answer closing its connection) until the drain ends", async () => {
  test.setTimeout(60_000);
  const dataDir = seededDataDir("solar-drain-");
  const port = freePortSync();
  const server = startServer({
    PORT: String(port),
    DATA_DIR: dataDir,
    SITE_URL: `http://localhost:${port}`,
    SHUTDOWN_DRAIN_SECONDS: "3",
  });
  // A keep-alive agent per request (each on a new connection, as a proxy would open), destroyed at the end.
  const agents: http.Agent[] = [];
  try {
    await waitReady(server);
    const newAgent = () => {
      const agent = new http.Agent({ keepAlive: true });
      agents.push(agent);
      return agent;
    };
    const get = (pathname: string) =>
      new Promise<{ status: number; connection: string }>((resolve, reject) => {
        http
          .get({ host: "127.0.0.1", port, path: pathname, agent: newAgent() }, (response) => {
            response.resume();
            response.on("end", () =>
              resolve({ status: response.statusCode ?? 0, connection: String(response.headers.connection) }),
            );
          })
          .on("error", reject);
      });
    expect(await get("/about")).toEqual({ status: 200, connection: "keep-alive" });

    const stopped = Date.now();
    server.child.kill("SIGTERM");
    await expect.poll(server.output).toContain("draining for 3 s");
    // Still answering, but no longer ready, and no connection is kept for another request.
    expect(await get("/about")).toEqual({ status: 200, connection: "close" });
    expect((await get("/readyz")).status).toBe(503);
    expect(await exited(server.child)).toBe(0);
    expect(Date.now() - stopped).toBeGreaterThanOrEqual(3_000);
  } finally {
    for (const agent of agents) agent.destroy();
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill("SIGKILL");
      await exited(server.child);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test("after SIGKILL, a restart on the same folder keeps its leads and does not redo the seed", async ({ request }) => {
  test.setTimeout(90_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "solar-kill-"));
  const port = String(freePortSync());
  const env = { PORT: port, DATA_DIR: dataDir, SITE_URL: `http://localhost:${port}`, LOG_LEVEL: "debug" };
  const first = startServer(env);
  let second: ReturnType<typeof startServer> | undefined;
  try {
    await waitReady(first);
    const posted = await request.post(`http://127.0.0.1:${port}/talk-to-solar-advisor`, {
      form: { intent: "consultation", name: "Pat Kill", email: "pat.kill@example.com" },
      headers: { origin: `http://localhost:${port}` },
      maxRedirects: 0,
    });
    expect(posted.status()).toBe(302);
    first.child.kill("SIGKILL");
    await exited(first.child);

    second = startServer(env);
    await waitReady(second);
    // The built-in content is as the first start left it: the seed pass is skipped.
    expect(second.output()).toContain("Built-in content unchanged since the last seed");
    expect((await request.get(`http://127.0.0.1:${port}/readyz`)).status()).toBe(200);
  } finally {
    for (const server of [first, second]) {
      if (server && server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill("SIGTERM");
        await exited(server.child);
      }
    }
  }
  // The lead posted before the kill is in the database the restart opened.
  const handle = await openDatabase({ dataDir });
  try {
    const result = await handle.db.execute(
      sql`select count(*)::int as n from leads where email = 'pat.kill@example.com'`,
    );
    expect((result as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
  } finally {
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
