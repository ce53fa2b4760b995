import { randomBytes } from "node:crypto";
import os from "node:os";
import pg from "pg";
import { getHtmlCache } from "../html-cache.server";
import { errorFields, log } from "../log.server";
import { withTimeout } from "./timeout.server";

/** Clears every instance's HTML cache via LISTEN/NOTIFY (decision 0014); on PGlite only the local one. */
export const CACHE_CHANNEL = "solar_cache";

export type Invalidation = { kind: string; id: string; from: string };

export type InvalidateEvent =
  | ({ reason: "local" } & Invalidation)
  | ({ reason: "notify"; self: boolean } & Invalidation)
  | { reason: "reconnect" };

export type CacheBusOptions = {
  /** Absent (PGlite, one process): local clears only. */
  databaseUrl?: string;
  onInvalidate: (event: InvalidateEvent) => void;
  channel?: string;
  instanceId?: string;
  retry?: { initialMs?: number; maxMs?: number };
  /** A silent drop never errors, so the connection is probed with `select 1`. */
  heartbeatMs?: number;
  timeoutMs?: number;
};

export type CacheBusState = "local" | "connecting" | "listening" | "reconnecting" | "stopped";

export interface CacheBus {
  readonly instanceId: string;
  readonly channel: string;
  readonly state: CacheBusState;
  readonly backendPid: number | undefined;
  publish(kind: string, id: string): Promise<void>;
  stop(): Promise<void>;
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
/** NOTIFY payloads must stay under 8000 bytes. */
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
      // The change is committed; other instances stay stale for at most HTML_CACHE_SECONDS.
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

/** A connection that went silent may never finish `end()`. */
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

let running: CacheBus | undefined;

/** Start-up never waits for the connection; an unreachable database is retried like a dropped one. */
export function startCacheBus(options: CacheBusOptions): () => Promise<void> {
  if (running && running.state !== "stopped") throw new Error("The cache bus is already running");
  const bus = createCacheBus(options);
  running = bus;
  return async () => {
    if (running === bus) running = undefined;
    await bus.stop();
  };
}

export function currentCacheBus(): CacheBus | undefined {
  return running;
}

/** Never rejects: the change it reports has already been committed. */
export async function publishInvalidation(kind: string, id: string): Promise<void> {
  const bus = currentCacheBus();
  if (bus && bus.state !== "stopped") await bus.publish(kind, id);
  else getHtmlCache().clear();
}
