import { afterEach, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../db/client.server";
import { closeDb, useDatabaseHandle } from "../db/db.server";
import { log } from "../log.server";
import { getRole, safeReturnPath } from "./session.server";

describe("safeReturnPath", () => {
  it("returns only to paths of this site", () => {
    expect(safeReturnPath("/admin/leads?q=acme")).toBe("/admin/leads?q=acme");
    for (const bad of [null, "", "https://evil.example/", "//evil.example/x", "/\\evil.example", "admin"]) {
      expect(safeReturnPath(bad)).toBe("/admin/leads");
    }
  });
});

describe("getRole", () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await closeDb();
  });

  it("logs a failed role lookup as the spec says and treats it as no role", async () => {
    const broken = {
      db: {
        select: () => {
          throw new Error("connection lost");
        },
      },
      kind: "pglite",
      migrate: async () => {},
      close: async () => {},
    } as unknown as DatabaseHandle;
    useDatabaseHandle(broken);
    const logged = vi.spyOn(log, "error").mockImplementation(() => {});
    expect(await getRole("user-1")).toBeNull();
    expect(logged).toHaveBeenCalledWith(
      { err: expect.objectContaining({ message: "connection lost" }) },
      "Error fetching user role",
    );
  });
});
