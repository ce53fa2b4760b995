import { randomBytes } from "node:crypto";
import os from "node:os";
import pg from "pg";
import { getHtmlCache } from "../html-cache.server";
import { errorFields, log } from "../log.server";
import { withTimeout } from "./timeout.server";

/**
 * Tells every app instance that content changed, so each drops its in-memory HTML cache
 * (decision 0014).
 *
 * On PostgreSQL each instance keeps one dedicated connection (a `pg.Client`, never one of the
 * pool's) that `LISTEN`s on a channel; a change is sent with `pg_notify`, which PostgreSQL
 * delivers to every listener of that database, the sender included, as soon as it is sent. When
 * that connection drops, the bus reconnects with growing delays (logging once per outage) and,
 * once listening again, clears the local cache: notifications sent meanwhile are lost, and a clear
 * is the only safe answer to "something may have changed". On PGlite there is only one process,
 * so a change just clears the local cache.
 *
 * The server entry starts the bus (`startCacheBus`); the app's content services reach it through
 * `publishInvalidation` (via `contentChanged`).
 */

/** The default channel. One per database: instances on another database never hear it. */
export const CACHE_CHANNEL = "solar_cache";

export type Invalidation = { kind: string; id: string; from: string };

export type InvalidateEvent =
  /** This instance published: cleared at once, before the notification goes out. */
  | ({ reason: "local" } & Invalidation)
  /** A notification arrived (`self`: one this instance sent). */
  | ({ reason: "notify"; self: boolean } & Invalidation)
  /** The listening connection came back after an outage: changes may have been missed. */
  | { reason: "reconnect" };

export type CacheBusOptions = {
  /** PostgreSQL: listen and notify there. Absent (PGlite, one process): local clears only. */
  databaseUrl?: string;
  /** Drops this instance's cached pages. Called for every event; must not throw (it is caught). */
  onInvalidate: (event: InvalidateEvent) => void;
  channel?: string;
  /** Names this instance in its notifications (default: host, pid and a random part). */
  instanceId?: string;
  /** Delays between reconnection attempts: doubling from `initialMs` up to `maxMs`, with jitter. */
  retry?: { initialMs?: number; maxMs?: number };
  /** How often the listening connection is checked with `select 1` (a silent drop never errors). */
  heartbeatMs?: number;
  /** How long a notify or a connection attempt may take. */
  timeoutMs?: number;
};

export type CacheBusState = "local" | "connecting" | "listening" | "reconnecting" | "stopped";

export interface CacheBus {
  readonly instanceId: string;
  readonly channel: string;
  readonly state: CacheBusState;
  /** The backend pid of the listening connection (PostgreSQL, while connected). */
  readonly backendPid: number | undefined;
  /** Clears locally at once, then tells the other instances. Never rejects. */
  publish(kind: string, id: string): Promise<void>;
  stop(): Promise<void>;
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
/** NOTIFY payloads must stay under 8000 bytes; ids are short, but never trust that. */
const MAX_FIELD = 200;

function defaultInstanceId(): string {
  return `${os.hostname().slice(0, 40)}:${process.pid}:${randomBytes(4).toString("hex")}`;
}

function safeInvalidate(onInvalidate: CacheBusOptions["onInvalidate"], event: InvalidateEvent): void {
  try {
    onInvalidate(event);
  } catch (error) {
    log.error(errorFields(error), "Cache invalidation handler failed");
  }
}

/** A bus, not registered as the process's one (tests run several; production uses startCacheBus). */
export function createCacheBus(options: CacheBusOptions): CacheBus {
  const channel = options.channel ?? CACHE_CHANNEL;
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Invalid cache channel name: ${channel}`);
  const instanceId = options.instanceId ?? defaultInstanceId();
  if (!options.databaseUrl) return new LocalCacheBus(instanceId, channel, options.onInvalidate);
  return new PostgresCacheBus({ ...options, databaseUrl: options.databaseUrl, channel, instanceId });
}

class LocalCacheBus implements CacheBus {
  state: CacheBusState = "local";
  readonly backendPid = undefined;

  constructor(
    readonly instanceId: string,
    readonly channel: string,
    private readonly onInvalidate: CacheBusOptions["onInvalidate"],
  ) {}

  async publish(kind: string, id: string): Promise<void> {
    if (this.state === "stopped") return;
    safeInvalidate(this.onInvalidate, { reason: "local", kind, id, from: this.instanceId });
  }

  async stop(): Promise<void> {
    this.state = "stopped";
  }
}

type PostgresOptions = CacheBusOptions & { databaseUrl: string; channel: string; instanceId: string };

class PostgresCacheBus implements CacheBus {
  readonly instanceId: string;
  readonly channel: string;
  state: CacheBusState = "connecting";
  private client: pg.Client | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private attempts = 0;
  /** When the current outage began (undefined while listening or before the first connection). */
  private downSince: number | undefined;
  private readonly initialMs: number;
  private readonly maxMs: number;
  private readonly heartbeatMs: number;
  private readonly timeoutMs: number;

  constructor(private readonly options: PostgresOptions) {
    this.instanceId = options.instanceId;
    this.channel = options.channel;
    this.initialMs = options.retry?.initialMs ?? 250;
    this.maxMs = options.retry?.maxMs ?? 10_000;
    this.heartbeatMs = options.heartbeatMs ?? 30_000;
    this.timeoutMs = options.timeoutMs ?? 5_000;
    void this.connect();
  }

  get backendPid(): number | undefined {
    return this.state === "listening" ? (this.client as { processID?: number } | undefined)?.processID : undefined;
  }

  private newClient(): pg.Client {
    return new pg.Client({
      connectionString: this.options.databaseUrl,
      connectionTimeoutMillis: this.timeoutMs,
      keepAlive: true,
      application_name: "solar-cache-bus",
    });
  }

  private async connect(): Promise<void> {
    if (this.state === "stopped") return;
    const client = this.newClient();
    this.client = client;
    let lost = false;
    const onLost = (error?: unknown) => {
      if (lost) return;
      lost = true;
      // Listeners stay attached: a dead client may still emit errors, which must not crash us.
      void client.end().catch(() => {});
      destroySocket(client);
      if (this.client === client) this.client = undefined;
      this.connectionLost(error);
    };
    client.on("error", onLost);
    client.on("end", () => onLost(new Error("connection ended")));
    client.on("notification", (message) => {
      if (!lost && message.channel === this.channel) this.receive(message.payload);
    });
    try {
      await client.connect();
      await withTimeout(client.query(`LISTEN ${this.channel}`), this.timeoutMs, "LISTEN");
    } catch (error) {
      onLost(error);
      return;
    }
    if (lost) return;
    // stop() may have run while connecting.
    if ((this.state as CacheBusState) === "stopped") {
      await client.end().catch(() => {});
      return;
    }
    const wasDown = this.downSince !== undefined;
    const outageMs = wasDown ? Date.now() - (this.downSince as number) : 0;
    this.state = "listening";
    this.downSince = undefined;
    this.attempts = 0;
    this.startHeartbeat(client, onLost);
    if (wasDown) {
      log.info({ channel: this.channel, outageMs }, "Cache bus listening again: cached pages cleared");
      safeInvalidate(this.options.onInvalidate, { reason: "reconnect" });
    }
  }

  private connectionLost(error: unknown): void {
    this.stopHeartbeat();
    if (this.state === "stopped") return;
    if (this.downSince === undefined) {
      this.downSince = Date.now();
      // Once per outage; the attempts that follow stay quiet until one succeeds.
      log.warn(
        { ...errorFields(error), channel: this.channel },
        this.state === "listening"
          ? "Cache bus lost its database connection: reconnecting (changes on other instances may be missed meanwhile)"
          : "Cache bus cannot reach the database: retrying (changes on other instances are not heard meanwhile)",
      );
    }
    this.state = "reconnecting";
    const base = Math.min(this.maxMs, this.initialMs * 2 ** this.attempts);
    this.attempts += 1;
    const delay = Math.round(base / 2 + Math.random() * (base / 2));
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.connect();
    }, delay);
  }

  private startHeartbeat(client: pg.Client, onLost: (error?: unknown) => void): void {
    this.stopHeartbeat();
    if (this.heartbeatMs <= 0) return;
    this.heartbeat = setInterval(() => {
      withTimeout(client.query("select 1"), Math.min(this.timeoutMs, this.heartbeatMs), "cache bus heartbeat").catch(
        onLost,
      );
    }, this.heartbeatMs);
    this.heartbeat.unref();
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }

  private receive(payload: string | undefined): void {
    const message = parsePayload(payload);
    if (!message) {
      log.warn({ channel: this.channel }, "Cache bus ignored a malformed notification");
      return;
    }
    const self = message.from === this.instanceId;
    if (!self)
      log.info({ kind: message.kind, id: message.id }, "Content changed on another instance: cached pages cleared");
    safeInvalidate(this.options.onInvalidate, { reason: "notify", self, ...message });
  }

  async publish(kind: string, id: string): Promise<void> {
    if (this.state === "stopped") return;
    const message: Invalidation = { kind: kind.slice(0, MAX_FIELD), id: id.slice(0, MAX_FIELD), from: this.instanceId };
    // This instance first, without waiting for the round trip; the notification clears it again.
    safeInvalidate(this.options.onInvalidate, { reason: "local", ...message });
    const payload = JSON.stringify(message);
    const listener = this.state === "listening" ? this.client : undefined;
    if (listener) {
      try {
        await withTimeout(notify(listener, this.channel, payload), this.timeoutMs, "pg_notify");
        return;
      } catch {
        // The listening connection is in trouble (its heartbeat will notice): send on a new one.
      }
    }
    const oneOff = this.newClient();
    oneOff.on("error", () => {});
    try {
      await withTimeout(
        (async () => {
          await oneOff.connect();
          await notify(oneOff, this.channel, payload);
        })(),
        this.timeoutMs,
        "pg_notify",
      );
    } catch (error) {
      // The change is committed; only other instances' caches stay stale (for at most their
      // lifetime, HTML_CACHE_SECONDS, or until their own bus reconnects and clears).
      log.error(
        { ...errorFields(error), kind: message.kind, id: message.id },
        "Cache invalidation not sent to the other instances",
      );
    } finally {
      void oneOff.end().catch(() => {});
    }
  }

  async stop(): Promise<void> {
    this.state = "stopped";
    this.stopHeartbeat();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    const client = this.client;
    this.client = undefined;
    if (client) {
      await withTimeout(client.end(), this.timeoutMs, "cache bus close").catch(() => destroySocket(client));
    }
  }
}

async function notify(client: pg.Client, channel: string, payload: string): Promise<void> {
  await client.query("select pg_notify($1, $2)", [channel, payload]);
}

/** A connection that went silent may never finish `end()`: its socket is closed outright. */
function destroySocket(client: pg.Client): void {
  (client as unknown as { connection?: { stream?: { destroy?: () => void } } }).connection?.stream?.destroy?.();
}

function parsePayload(payload: string | undefined): Invalidation | undefined {
  if (!payload || payload.length > 4 * MAX_FIELD) return undefined;
  try {
    const value = JSON.parse(payload) as Partial<Record<keyof Invalidation, unknown>>;
    const { kind, id, from } = value;
    if (typeof kind === "string" && typeof id === "string" && typeof from === "string") return { kind, id, from };
  } catch {
    // falls through
  }
  return undefined;
}

// --- the process's bus ------------------------------------------------------------------------

let running: CacheBus | undefined;

/**
 * Starts this process's bus (once, right after the database is opened) and returns its stop
 * function. Connecting happens in the background: start-up never waits for it, and a database
 * that is not reachable yet is retried like a dropped connection.
 */
export function startCacheBus(options: CacheBusOptions): () => Promise<void> {
  if (running && running.state !== "stopped") throw new Error("The cache bus is already running");
  const bus = createCacheBus(options);
  running = bus;
  return async () => {
    if (running === bus) running = undefined;
    await bus.stop();
  };
}

/** The running bus of this process, if any (readiness reports its state). */
export function currentCacheBus(): CacheBus | undefined {
  return running;
}

/**
 * Every instance drops its cached pages: this one at once, the others through the bus. Without a
 * running bus (scripts, tests, a process that never started one) only this process's HTML cache
 * is cleared. Never rejects: the change it reports has already been committed.
 */
export async function publishInvalidation(kind: string, id: string): Promise<void> {
  const bus = currentCacheBus();
  if (bus && bus.state !== "stopped") await bus.publish(kind, id);
  else getHtmlCache().clear();
}
