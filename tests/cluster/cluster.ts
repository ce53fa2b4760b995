import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startTestS3, type TestS3 } from "../../app/server/storage/s3-test-server";
import { freePortSync } from "../free-port";
import { startTestSmtp, type TestSmtp } from "./test-smtp";

/**
 * The production deployment of docs/deploy.md, on this machine: nginx from Debian
 * terminating TLS with a certificate made here, in front of several app instances (the production
 * build, `server/index.js`) that share one PostgreSQL database, one S3 bucket (s3rver) and one
 * SMTP server (smtp-server), each on loopback. nginx runs the very file the docs give,
 * `deploy/nginx/solar.conf`, with only its addresses, ports and certificate paths replaced.
 * Used by the cluster browser tests and by `npm run bench` (through the proxy).
 */
export type Instance = {
  name: string;
  port: number;
  /** Everything the instance has printed (JSON log lines). */
  output(): string;
  child(): ChildProcess;
  /** Sends SIGTERM and resolves with the exit code once the process has ended. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** Starts the instance again (same port and settings) and waits until it is ready. */
  start(): Promise<void>;
  /** Access-log lines (`LOG_REQUESTS`) this instance wrote, as {method, url, status}. */
  requests(): Array<{ method: string; url: string; status: number }>;
};

export type Cluster = {
  /** The public address: https://localhost:<nginx port>. */
  url: string;
  httpsPort: number;
  databaseUrl: string;
  instances: Instance[];
  s3: TestS3;
  smtp: TestSmtp;
  /** A client of the shared database, for checks. */
  query<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>;
  nginxLog(): string;
  /**
   * Takes an instance out of nginx's rotation (`down`) or puts it back, and reloads nginx: the
   * first and last step of the documented rolling restart.
   */
  inRotation(instance: Instance, on: boolean): Promise<void>;
  close(): Promise<void>;
};

export type ClusterOptions = {
  /** PostgreSQL server to make a scratch database on (default: TEST_DATABASE_URL or the local one). */
  serverUrl?: string;
  instances?: number;
  /** Settings for every instance, over the cluster's own. */
  env?: Record<string, string>;
  /** A staff account made before the instances start, as an operator makes it. */
  admin?: { email: string; password: string };
  nginxWorkers?: number | "auto";
  /** nginx's HTTPS port (default: a free one); a browser test needs it before the cluster starts. */
  httpsPort?: number;
};

const ROOT = path.resolve(import.meta.dirname, "../..");
const NGINX_CONFIG = path.join(ROOT, "deploy/nginx/solar.conf");

export function nginxBinary(): string | null {
  for (const candidate of ["/usr/sbin/nginx", "/usr/bin/nginx"]) if (fs.existsSync(candidate)) return candidate;
  return null;
}

export const DEFAULT_POSTGRES = "postgres://postgres@127.0.0.1:5432/postgres";

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const nginx = nginxBinary();
  if (!nginx) throw new Error("nginx is not installed (apt-get install nginx; .ci/run does it)");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "solar-cluster-"));
  const cleanups: Array<() => Promise<void> | void> = [() => fs.rmSync(dir, { recursive: true, force: true })];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => {});
  };
  try {
    const serverUrl = options.serverUrl ?? process.env.TEST_DATABASE_URL ?? DEFAULT_POSTGRES;
    const databaseUrl = await createScratchDatabase(serverUrl, cleanups);
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    cleanups.push(() => pool.end());

    const s3 = await startTestS3("solar-bills");
    cleanups.push(() => s3.close());
    const smtp = await startTestSmtp();
    cleanups.push(() => smtp.close());

    const httpsPort = options.httpsPort ?? freePortSync();
    const url = `https://localhost:${httpsPort}`;
    const sessionSecret = randomBytes(32).toString("hex");
    const env: Record<string, string> = {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      SITE_URL: url,
      TRUST_PROXY: "1",
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_MAX: "8",
      SESSION_SECRET: sessionSecret,
      BILL_STORAGE: "s3",
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      // s3rver ignores If-None-Match on writes (the HEAD check still runs).
      S3_CONDITIONAL_WRITES: "false",
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      NOTIFY_EMAIL: "leads@cluster.test",
      MAIL_POLL_SECONDS: "1",
      LOG_REQUESTS: "true",
      // The admin signs in with a password only (the second factor has its own spec).
      ADMIN_TWO_FACTOR_REQUIRED: "false",
      // No backup at every start (a test that wants them sets it).
      BACKUP_INTERVAL_HOURS: "0",
      ...options.env,
    };

    if (options.admin) {
      execFileSync(
        process.execPath,
        [
          "--import",
          "tsx",
          "scripts/admin-create.ts",
          "--email",
          options.admin.email,
          "--password",
          options.admin.password,
        ],
        { cwd: ROOT, env: { ...process.env, ...env, DATA_DIR: path.join(dir, "admin") }, stdio: "pipe" },
      );
    }

    const instances = Array.from({ length: options.instances ?? 2 }, (_, index) =>
      makeInstance(`app${index + 1}`, {
        ...env,
        PORT: String(freePortSync()),
        DATA_DIR: path.join(dir, `app${index + 1}`),
      }),
    );
    cleanups.push(() => Promise.all(instances.map((instance) => instance.stop("SIGKILL"))).then(() => {}));
    await Promise.all(instances.map((instance) => instance.start()));

    const proxy = await startNginx(nginx, dir, {
      httpsPort,
      httpPort: freePortSync(),
      upstreams: instances.map((instance) => instance.port),
      workers: options.nginxWorkers ?? 1,
    });
    cleanups.push(() => proxy.stop());
    const out = new Set<number>();

    return {
      url,
      httpsPort,
      databaseUrl,
      instances,
      s3,
      smtp,
      query: async (text, values) => (await pool.query(text, values as unknown[])).rows,
      nginxLog: () => readIfExists(path.join(dir, "nginx", "error.log")),
      inRotation: (instance, on) => {
        if (on) out.delete(instance.port);
        else out.add(instance.port);
        return proxy.setDown([...out]);
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

async function createScratchDatabase(serverUrl: string, cleanups: Array<() => Promise<void> | void>): Promise<string> {
  const name = `cluster_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.end();
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function makeInstance(name: string, env: Record<string, string>): Instance {
  let child: ChildProcess | null = null;
  let output = "";
  const instance: Instance = {
    name,
    port: Number(env.PORT),
    output: () => output,
    child: () => {
      if (!child) throw new Error(`${name} is not running`);
      return child;
    },
    async start() {
      const since = output.length;
      // INSTANCE_NODE_ARGS: Node options for the instances only, e.g. "--cpu-prof --cpu-prof-dir=DIR"
      // to profile them under a benchmark's load (docs/benchmarks.md); NODE_OPTIONS refuses those.
      const nodeArgs = process.env.INSTANCE_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
      child = spawn(process.execPath, [...nodeArgs, "server/index.js"], {
        cwd: ROOT,
        env: { ...process.env, ...env },
        stdio: ["ignore", "pipe", "pipe"],
      });
      const append = (chunk: Buffer) => {
        output += chunk;
      };
      child.stdout?.on("data", append);
      child.stderr?.on("data", append);
      const started = child;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${name} did not start:\n${output.slice(since)}`)), 60_000);
        const check = () => {
          if (output.slice(since).includes("Server ready")) {
            clearTimeout(timer);
            started.stdout?.off("data", check);
            resolve();
          }
        };
        started.stdout?.on("data", check);
        started.once("exit", (code) => {
          clearTimeout(timer);
          reject(new Error(`${name} exited (${code}) while starting:\n${output.slice(since)}`));
        });
      });
    },
    stop(signal = "SIGTERM") {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return Promise.resolve(null);
      const ended = new Promise<number | null>((resolve) => running.once("exit", (code) => resolve(code)));
      running.kill(signal);
      return ended;
    },
    requests() {
      const lines: Array<{ method: string; url: string; status: number }> = [];
      for (const line of output.split("\n")) {
        if (!line.includes('"responseTime"')) continue;
        try {
          const entry = JSON.parse(line) as { req?: { method: string; url: string }; res?: { statusCode: number } };
          if (entry.req && entry.res) lines.push({ ...entry.req, status: entry.res.statusCode });
        } catch {
          // a line cut by the end of the buffer
        }
      }
      return lines;
    },
  };
  return instance;
}

/**
 * nginx with the documented configuration: `deploy/nginx/solar.conf` with the upstream servers,
 * listen ports, server name and certificate replaced, included from a minimal nginx.conf that
 * keeps every file nginx writes in the cluster's folder.
 */
export async function startNginx(
  nginx: string,
  dir: string,
  options: { httpsPort: number; httpPort: number; upstreams: number[]; workers: number | "auto" },
): Promise<{ setDown(ports: number[]): Promise<void>; stop(): Promise<void> }> {
  const prefix = path.join(dir, "nginx");
  fs.mkdirSync(path.join(prefix, "temp"), { recursive: true });
  const cert = path.join(prefix, "cert.pem");
  const key = path.join(prefix, "key.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "2",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost,IP:127.0.0.1",
      "-keyout",
      key,
      "-out",
      cert,
    ],
    { stdio: "pipe" },
  );

  const documented = fs.readFileSync(NGINX_CONFIG, "utf8");
  const upstreamLines = documented.match(/^\s*server 127\.0\.0\.1:\d+ .*;$/gm) ?? [];
  if (upstreamLines.length === 0) throw new Error(`${NGINX_CONFIG}: no upstream "server 127.0.0.1:PORT …;" line`);
  const template = upstreamLines[0] as string;
  // A placeholder for the upstream servers: written again when an instance is taken out of rotation.
  let site = documented.replace(upstreamLines.join("\n"), "#UPSTREAMS#");
  const replace = (from: RegExp, to: string) => {
    if (!from.test(site)) throw new Error(`${NGINX_CONFIG}: expected ${from}`);
    site = site.replace(from, to);
  };
  replace(/listen 80;/, `listen 127.0.0.1:${options.httpPort};`);
  replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${options.httpsPort} ssl http2;`);
  replace(/server_name solar\.example;/g, "server_name localhost;");
  replace(/ssl_certificate\s+\S+;/, `ssl_certificate ${cert};`);
  replace(/ssl_certificate_key\s+\S+;/, `ssl_certificate_key ${key};`);
  const writeSite = (down: Set<number>) =>
    fs.writeFileSync(
      path.join(prefix, "solar.conf"),
      site.replace(
        "#UPSTREAMS#",
        options.upstreams
          .map((port) =>
            template.replace(/127\.0\.0\.1:\d+/, `127.0.0.1:${port}`).replace(/;$/, down.has(port) ? " down;" : ";"),
          )
          .join("\n"),
      ),
    );
  writeSite(new Set());

  const temp = path.join(prefix, "temp");
  fs.writeFileSync(
    path.join(prefix, "nginx.conf"),
    [
      "daemon off;",
      "master_process on;",
      `worker_processes ${options.workers};`,
      process.getuid?.() === 0 ? "user root;" : "",
      `pid ${path.join(prefix, "nginx.pid")};`,
      // notice: nginx then logs its reloads, which setDown waits for.
      `error_log ${path.join(prefix, "error.log")} notice;`,
      "events { worker_connections 2048; }",
      "http {",
      `  access_log off;`,
      ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((kind) => `  ${kind}_temp_path ${temp}/${kind};`),
      `  include ${path.join(prefix, "solar.conf")};`,
      "}",
      "",
    ].join("\n"),
  );
  const args = ["-p", prefix, "-c", path.join(prefix, "nginx.conf"), "-e", path.join(prefix, "error.log")];
  execFileSync(nginx, [...args, "-t"], { stdio: "pipe" });
  const child = spawn(nginx, args, { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  await waitForPort(options.httpsPort, () => (child.exitCode !== null ? `nginx exited: ${output}` : null));
  const log = path.join(prefix, "error.log");
  const reloads = () => (readIfExists(log).match(/reconfiguring/g) ?? []).length;
  return {
    /** Marks these instances' ports `down` (out of rotation) and reloads nginx, as an operator does. */
    async setDown(ports: number[]) {
      writeSite(new Set(ports));
      execFileSync(nginx, [...args, "-t"], { stdio: "pipe" });
      const before = reloads();
      child.kill("SIGHUP");
      const deadline = Date.now() + 10_000;
      while (reloads() === before) {
        if (Date.now() > deadline) throw new Error(`nginx did not reload:\n${readIfExists(log).slice(-2000)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // The new workers start at once; the old ones finish what they have and exit.
      await new Promise((resolve) => setTimeout(resolve, 300));
    },
    async stop() {
      if (child.exitCode !== null) return;
      const ended = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGQUIT");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await ended;
      clearTimeout(timer);
    },
  };
}

async function waitForPort(port: number, failed: () => string | null) {
  const net = await import("node:net");
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const problem = failed();
    if (problem) throw new Error(problem);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nothing listens on ${port}`);
}

function readIfExists(file: string): string {
  return fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
}
