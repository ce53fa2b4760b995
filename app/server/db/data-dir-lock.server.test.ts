import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError, isDeadProcess, parseProcStat } from "./data-dir-lock.server";

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lock-test-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("acquireDataDirLock", () => {
  it("creates the folder, takes the lock and releases it", () => {
    const dir = path.join(tempDir(), "nested", "data");
    const release = acquireDataDirLock(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, "db.lock"), "utf8"))).toMatchObject({ pid: process.pid });
    release();
    expect(fs.existsSync(path.join(dir, "db.lock"))).toBe(false);
  });

  it("refuses while a live process holds the lock, naming it", async () => {
    const dir = tempDir();
    const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    try {
      fs.writeFileSync(path.join(dir, "db.lock"), String(child.pid));
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(dir)).toThrow(new RegExp(`pid ${child.pid}`));
    } finally {
      child.kill();
    }
  });

  it("refuses a second lock in the same process", () => {
    const dir = tempDir();
    const release = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    release();
  });

  it("takes over a lock left by a process that is gone", async () => {
    const dir = tempDir();
    const child = spawn(process.execPath, ["-e", ""]);
    await new Promise((resolve) => child.on("exit", resolve));
    fs.writeFileSync(path.join(dir, "db.lock"), String(child.pid));
    const release = acquireDataDirLock(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, "db.lock"), "utf8"))).toMatchObject({ pid: process.pid });
    release();
  });

  it("takes over a lock whose PID now belongs to this process (a reused PID after a restart)", () => {
    const dir = tempDir();
    fs.writeFileSync(
      path.join(dir, "db.lock"),
      JSON.stringify({ pid: process.pid, host: os.hostname(), startedAt: "1" }),
    );
    const release = acquireDataDirLock(dir);
    release();
  });

  it("takes over a lock whose PID is alive but is another process than the one recorded", async () => {
    const dir = tempDir();
    const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    try {
      fs.writeFileSync(
        path.join(dir, "db.lock"),
        JSON.stringify({ pid: child.pid, host: os.hostname(), startedAt: "-1" }),
      );
      const release = acquireDataDirLock(dir);
      release();
    } finally {
      child.kill();
    }
  });

  // Right after a SIGKILL the old server is a zombie until reaped: kill(pid, 0) succeeds, yet it holds nothing.
  it.runIf(fs.existsSync("/proc/self/stat"))(
    "takes over a lock whose holder is a zombie (killed, not yet reaped)",
    async () => {
      const dir = tempDir();
      // The background sleep exits at once; its parent then becomes `sleep 30`, which never reaps it.
      const parent = spawn("sh", ["-c", "sleep 0.05 & echo $!; exec sleep 30"], {
        stdio: ["ignore", "pipe", "ignore"],
      });
      try {
        const pid = Number(
          await new Promise<string>((resolve) => parent.stdout.once("data", (chunk) => resolve(String(chunk)))),
        );
        const stat = () => parseProcStat(fs.readFileSync(`/proc/${pid}/stat`, "utf8"));
        const startedAt = stat()?.startTime ?? null;
        await expect.poll(() => stat()?.state, { timeout: 10_000 }).toBe("Z");
        process.kill(pid, 0);
        fs.writeFileSync(path.join(dir, "db.lock"), JSON.stringify({ pid, host: os.hostname(), startedAt }));
        const release = acquireDataDirLock(dir);
        expect(JSON.parse(fs.readFileSync(path.join(dir, "db.lock"), "utf8"))).toMatchObject({ pid: process.pid });
        release();
      } finally {
        parent.kill();
      }
    },
  );

  it("reads the state, flags and start time from /proc/PID/stat, whatever the command name holds", () => {
    const line = (state: string, flags: number) =>
      `4242 (node (a) b) ${state} 1 4242 4242 0 -1 ${flags} 10 0 0 0 5 3 0 0 20 0 11 0 987654 1000 200 18446744073709551615`;
    expect(parseProcStat(line("S", 0x400000))).toEqual({ state: "S", flags: 0x400000, startTime: "987654" });
    expect(isDeadProcess(parseProcStat(line("S", 0x400000)) as NonNullable<ReturnType<typeof parseProcStat>>)).toBe(
      false,
    );
    for (const [state, flags] of [
      ["Z", 0x400000],
      ["X", 0],
      ["R", 0x400004],
    ] as const) {
      expect(isDeadProcess(parseProcStat(line(state, flags)) as NonNullable<ReturnType<typeof parseProcStat>>)).toBe(
        true,
      );
    }
  });
});
