import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePortSync } from "./free-port";

/**
 * A PostgreSQL server of a test's own, for tests that stop and start it (fault tests): never the
 * machine's shared server, which other tests use. Binaries from `PG_BIN` (default
 * /usr/lib/postgresql/15/bin); PostgreSQL refuses to run as root, so under root every command
 * runs as the `postgres` user (`runuser`) in a folder that user owns. Loopback only, trust
 * authentication, a free port that stays the same across restarts.
 */
export type PrivatePostgres = {
  port: number;
  /** The folder holding the cluster (`data/`) and its log (`server.log`). */
  dir: string;
  /** `postgres://postgres@127.0.0.1:{port}/postgres`. */
  url: string;
  /** Starts the server (again: same folder, same port) and waits until it accepts connections. */
  start(): void;
  /** Stops it in "fast" mode: open sessions are ended at once, nothing waits for clients. */
  stop(): void;
  /** Stops it if it runs, then removes the folder. */
  remove(): void;
  running(): boolean;
  /** The server's own log, for a failure message. */
  log(): string;
};

const PG_BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";

/** True when this machine has the binaries (and, under root, the postgres user to run them). */
export function privatePostgresAvailable(): boolean {
  if (!fs.existsSync(path.join(PG_BIN, "initdb")) || !fs.existsSync(path.join(PG_BIN, "pg_ctl"))) return false;
  if (process.getuid?.() !== 0) return true;
  return spawnSync("id", ["-u", "postgres"]).status === 0;
}

export function createPrivatePostgres(options: { port?: number } = {}): PrivatePostgres {
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[], timeout = 60_000) => {
    const [file, argv] = asRoot
      ? ["runuser", ["-u", "postgres", "--", path.join(PG_BIN, command), ...args]]
      : [path.join(PG_BIN, command), args];
    return execFileSync(file, argv, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout });
  };

  // Under /tmp, not a root-only folder: the postgres user must reach it.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "solar-private-pg-"));
  fs.chmodSync(dir, 0o755);
  if (asRoot) execFileSync("chown", ["postgres:postgres", dir]);
  const data = path.join(dir, "data");
  const logFile = path.join(dir, "server.log");
  const port = options.port ?? freePortSync();

  run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C"]);
  // Loopback only; sockets in the cluster's folder (not /var/run/postgresql, which a shared
  // server uses); no fsync (a test's data need not survive a power cut, and it makes start-up fast).
  fs.appendFileSync(
    path.join(data, "postgresql.conf"),
    [
      "",
      `listen_addresses = '127.0.0.1'`,
      `port = ${port}`,
      `unix_socket_directories = '${dir}'`,
      "fsync = off",
      "synchronous_commit = off",
      "full_page_writes = off",
      "max_connections = 100",
      "",
    ].join("\n"),
  );

  const running = () => {
    try {
      run("pg_ctl", ["status", "-D", data], 10_000);
      return true;
    } catch {
      return false; // pg_ctl status exits 3 when no server runs
    }
  };

  return {
    port,
    dir,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start() {
      // -w: wait until it accepts connections.
      run("pg_ctl", ["start", "-D", data, "-l", logFile, "-w", "-t", "60", "-o", `-p ${port}`]);
    },
    stop() {
      run("pg_ctl", ["stop", "-D", data, "-m", "fast", "-w", "-t", "60"]);
    },
    remove() {
      if (running()) {
        try {
          run("pg_ctl", ["stop", "-D", data, "-m", "immediate", "-w", "-t", "60"]);
        } catch {
          // removed below all the same
        }
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
    running,
    log() {
      try {
        return fs.readFileSync(logFile, "utf8");
      } catch {
        return "";
      }
    },
  };
}
