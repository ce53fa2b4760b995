import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  type CacheBus,
  type CacheBusOptions,
  createCacheBus,
  currentCacheBus,
  type InvalidateEvent,
  startCacheBus,
} from "~/server/cluster/cache-bus.server";
import { contentChanged } from "~/server/content/content-events.server";
import { getHtmlCache, HtmlCache } from "~/server/html-cache.server";
import { log } from "~/server/log.server";

/**
 * Cross-instance invalidation (decision 0014). On PostgreSQL, "instances" are buses in this
 * process, each with its own HTML cache, listening on one database exactly as separate processes
 * would (each has its own connection). Every wait is a bounded poll.
 */

async function waitFor(condition: () => boolean, withinMs: number, what: string): Promise<number> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > withinMs) throw new Error(`Not within ${withinMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Date.now() - started;
}

function fill(cache: HtmlCache, path = "/incentives"): void {
  cache.set(path, { status: 200, headers: [["content-type", "text/html"]], body: Buffer.from("<p>old</p>") }, 60);
  expect(cache.size).toBeGreaterThan(0);
}

/** An instance: its own cache, a bus that clears it, and what the bus reported. */
function instance(options: Omit<CacheBusOptions, "onInvalidate">) {
  const cache = new HtmlCache(60);
  const events: InvalidateEvent[] = [];
  const bus = createCacheBus({
    retry: { initialMs: 20, maxMs: 200 },
    ...options,
    onInvalidate: (event) => {
      events.push(event);
      cache.clear();
    },
  });
  return { cache, events, bus };
}

describe("cache bus without PostgreSQL (PGlite: one process)", () => {
  afterEach(() => getHtmlCache().clear());

  it("a publication clears this process at once, and contentChanged goes through the bus", async () => {
    const events: InvalidateEvent[] = [];
    const stop = startCacheBus({
      onInvalidate: (event) => {
        events.push(event);
        getHtmlCache().clear();
      },
    });
    try {
      fill(getHtmlCache());
      await contentChanged("incentive", "federal-itc");
      expect(getHtmlCache().size).toBe(0);
      expect(events).toEqual([expect.objectContaining({ reason: "local", kind: "incentive", id: "federal-itc" })]);
    } finally {
      await stop();
    }
  });

  it("contentChanged still clears this process's cache when no bus runs (scripts, tests)", async () => {
    fill(getHtmlCache());
    await contentChanged("site_content", "site_banner");
    expect(getHtmlCache().size).toBe(0);
  });

  it("only one bus runs per process", async () => {
    const stop = startCacheBus({ onInvalidate: () => {} });
    try {
      expect(() => startCacheBus({ onInvalidate: () => {} })).toThrow(/already running/);
    } finally {
      await stop();
    }
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

// Needs a PostgreSQL server (TEST_DATABASE_URL; .ci/run sets it when one answers): LISTEN/NOTIFY
// between instances does not exist on PGlite, which serves one process.
describe.skipIf(!serverUrl)("cache bus on PostgreSQL (several instances)", () => {
  const name = `test_bus_${Date.now()}_${randomBytes(4).toString("hex")}`;
  let databaseUrl: string;
  let admin: pg.Client;
  const buses: CacheBus[] = [];
  const track = <T extends { bus: CacheBus }>(made: T): T => {
    buses.push(made.bus);
    return made;
  };

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const url = new URL(serverUrl as string);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  });
  afterEach(async () => {
    await Promise.all(buses.splice(0).map((bus) => bus.stop()));
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  });

  const listening = (...all: { bus: CacheBus }[]) =>
    waitFor(() => all.every(({ bus }) => bus.state === "listening"), 5_000, "buses listening");

  it("an invalidation published by one instance clears the other's cache within a second", async () => {
    const a = track(instance({ databaseUrl }));
    const b = track(instance({ databaseUrl }));
    await listening(a, b);
    fill(a.cache);
    fill(b.cache);

    const sent = a.bus.publish("incentives", "federal-itc");
    // The sender does not wait for the round trip.
    expect(a.cache.size).toBe(0);
    await waitFor(() => b.cache.size === 0, 1_000, "the other instance's cache cleared");
    await sent;
    expect(b.events).toEqual([
      { reason: "notify", self: false, kind: "incentives", id: "federal-itc", from: a.bus.instanceId },
    ]);
    // Every instance hears it, the sender included.
    await waitFor(() => a.events.some((event) => event.reason === "notify"), 1_000, "the sender hears itself");
    expect(a.events).toEqual([
      { reason: "local", kind: "incentives", id: "federal-itc", from: a.bus.instanceId },
      { reason: "notify", self: true, kind: "incentives", id: "federal-itc", from: a.bus.instanceId },
    ]);
  });

  it("contentChanged reaches the other instances through this process's bus", async () => {
    const stop = startCacheBus({ databaseUrl, onInvalidate: () => getHtmlCache().clear() });
    try {
      const other = track(instance({ databaseUrl }));
      await listening(other);
      fill(getHtmlCache());
      fill(other.cache);
      // This process's bus must be listening too before the test counts on it hearing itself.
      await waitFor(() => currentCacheBus()?.state === "listening", 5_000, "process bus listening");
      await contentChanged("policy_update", "obbba-signed");
      expect(getHtmlCache().size).toBe(0);
      await waitFor(() => other.cache.size === 0, 1_000, "the other instance's cache cleared");
      expect(other.events[0]).toMatchObject({ reason: "notify", kind: "policy_update", id: "obbba-signed" });
    } finally {
      await stop();
      getHtmlCache().clear();
    }
  });

  it("a bus whose connection is killed reconnects (logging once), clears its cache and receives again", async () => {
    const warn = vi.spyOn(log, "warn");
    const a = track(instance({ databaseUrl }));
    const b = track(instance({ databaseUrl }));
    await listening(a, b);
    const killed = b.bus.backendPid;
    expect(killed).toBeTypeOf("number");
    fill(b.cache);

    const { rows } = await admin.query<{ ok: boolean }>("select pg_terminate_backend($1) as ok", [killed]);
    expect(rows[0]?.ok).toBe(true);
    await waitFor(
      () => b.bus.state === "listening" && b.bus.backendPid !== killed,
      5_000,
      "listening again on a new connection",
    );
    // Notifications sent while it was away are lost: it cleared on reconnecting.
    expect(b.events).toEqual([{ reason: "reconnect" }]);
    expect(b.cache.size).toBe(0);
    expect(warn.mock.calls.filter(([, message]) => String(message).startsWith("Cache bus"))).toHaveLength(1);

    fill(b.cache);
    await a.bus.publish("blocks", "site_banner");
    await waitFor(() => b.cache.size === 0, 1_000, "received after reconnecting");
    expect(b.events.at(-1)).toMatchObject({ reason: "notify", kind: "blocks", id: "site_banner", self: false });
  });

  it("a bus started before its database exists keeps retrying quietly and listens once it can", async () => {
    const warn = vi.spyOn(log, "warn");
    const attempts = vi.spyOn(pg.Client.prototype, "connect");
    const later = `${name}_later`;
    const url = new URL(databaseUrl);
    url.pathname = `/${later}`;
    const c = track(instance({ databaseUrl: url.toString(), retry: { initialMs: 10, maxMs: 40 } }));
    try {
      // Several attempts fail (the database does not exist yet); one warning for the outage.
      await waitFor(() => attempts.mock.calls.length >= 4, 5_000, "several attempts");
      expect(c.bus.state).toBe("reconnecting");
      expect(warn.mock.calls.filter(([, message]) => String(message).startsWith("Cache bus"))).toHaveLength(1);
      await admin.query(`create database "${later}"`);
      await listening(c);
      const d = track(instance({ databaseUrl: url.toString() }));
      await listening(d);
      fill(c.cache);
      await d.bus.publish("industries", "farms");
      await waitFor(() => c.cache.size === 0, 1_000, "received once connected");
    } finally {
      await Promise.all(buses.splice(0).map((bus) => bus.stop()));
      await admin.query(`drop database if exists "${later}" with (force)`);
    }
  });

  it("ignores a malformed notification and keeps listening", async () => {
    const warn = vi.spyOn(log, "warn");
    const a = track(instance({ databaseUrl }));
    await listening(a);
    fill(a.cache);
    const other = new pg.Client({ connectionString: databaseUrl });
    await other.connect();
    try {
      await other.query("select pg_notify('solar_cache', 'not json')");
      await waitFor(() => warn.mock.calls.some(([, message]) => /malformed/.test(String(message))), 1_000, "warned");
      expect(a.cache.size).toBeGreaterThan(0);
      await other.query("select pg_notify('solar_cache', $1)", [
        JSON.stringify({ kind: "incentives", id: "x", from: "elsewhere" }),
      ]);
      await waitFor(() => a.cache.size === 0, 1_000, "a valid one still clears");
    } finally {
      await other.end();
    }
  });

  it("instances on another channel do not hear it", async () => {
    const a = track(instance({ databaseUrl }));
    const b = track(instance({ databaseUrl, channel: "solar_cache_other" }));
    const c = track(instance({ databaseUrl }));
    await listening(a, b, c);
    fill(b.cache);
    await a.bus.publish("incentives", "y");
    await waitFor(() => c.events.length > 0, 1_000, "same channel hears it");
    expect(b.events).toEqual([]);
    expect(b.cache.size).toBeGreaterThan(0);
  });
});
