import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError } from "./data-dir-lock.server";

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
      // Same PID, different start time: the PID was reused by an unrelated process.
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
});
