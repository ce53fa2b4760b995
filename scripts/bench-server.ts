import { type ChildProcess, spawn } from "node:child_process";
import { freePortSync } from "../tests/free-port";

/** The production server on a free loopback port, with `env` on top of the usual settings. */
export function startBenchServer(env: Record<string, string>): { child: ChildProcess; base: string } {
  const port = freePortSync();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_URL: base,
      LOG_REQUESTS: "false",
      ...env,
    },
    stdio: "ignore",
  });
  return { child, base };
}

/** Waits until a server started by a benchmark answers /healthz (or fails if it exits). */
export async function waitForHealth(base: string, child: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("server did not become healthy within 60 s");
}

/**
 * For a benchmark that can also run on its own (`node --import tsx scripts/<file>`): runs it when
 * it is the script started, prints what was missed (exit code 1) or `allMet`.
 */
export function runWhenMain(file: string, bench: () => Promise<{ missed: string[] }>, allMet: string): void {
  if (!process.argv[1]?.endsWith(file)) return;
  bench()
    .then(({ missed }) => {
      if (missed.length) {
        console.error(`Targets missed: ${missed.join("; ")}`);
        process.exitCode = 1;
      } else {
        console.log(allMet);
      }
    })
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
