import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../db/client.server";
import { closeDb, useDatabaseForTests } from "../db/db.server";
import { log } from "../log.server";
import { getRole, safeReturnPath } from "./session.server";

const BASE = "http://site.example";

function staysOnSite(location: string): boolean {
  new Headers({ Location: location });
  return new URL(location, BASE).origin === BASE;
}

describe("safeReturnPath", () => {
  it("returns only to paths of this site", () => {
    expect(safeReturnPath("/admin/leads?q=acme")).toBe("/admin/leads?q=acme");
    expect(safeReturnPath("/admin/content/incentives/new#top")).toBe("/admin/content/incentives/new#top");
    for (const bad of [null, "", "https://evil.example/", "//evil.example/x", "/\\evil.example", "admin"]) {
      expect(safeReturnPath(bad)).toBe("/admin/leads");
    }
  });

  it("refuses control, whitespace and format characters anywhere", () => {
    // Browsers drop tabs and newlines: `/\t/evil.example` would be `//evil.example`.
    for (const hidden of [
      "\t",
      "\n",
      "\r",
      "\u0000",
      "\u007f",
      "\u0085",
      " ",
      "\u00a0",
      "\u200b",
      "\u2028",
      "\u202e",
      "\ufeff",
    ]) {
      expect(safeReturnPath(`/${hidden}/evil.example`), JSON.stringify(hidden)).toBe("/admin/leads");
      expect(safeReturnPath(`/admin/leads?q=${hidden}`), JSON.stringify(hidden)).toBe("/admin/leads");
    }
    expect(safeReturnPath("/admin\\leads")).toBe("/admin/leads");
    expect(safeReturnPath("/admin/leads?q=a\\b")).toBe("/admin/leads");
  });

  it("keeps percent-encoded values as they are: the browser asks this site for them", () => {
    expect(safeReturnPath("/%09/evil.example")).toBe("/%09/evil.example");
    expect(safeReturnPath("/%2F%2Fevil.example")).toBe("/%2F%2Fevil.example");
    expect(safeReturnPath("/%5C%5Cevil.example")).toBe("/%5C%5Cevil.example");
  });

  it("refuses paths the URL parser would rewrite (dot segments, characters it encodes)", () => {
    for (const rewritten of [
      "/a/../..//evil.example",
      "/a/%2e%2e/%2E%2E//evil.example",
      "/./x",
      "/caf\u00e9",
      '/a"b',
      "/a<b>",
    ]) {
      expect(safeReturnPath(rewritten), rewritten).toBe("/admin/leads");
    }
  });

  it("percent-encodes what is not ASCII in the query, so the Location is a valid header", () => {
    expect(safeReturnPath("/admin/leads?q=caf\u00e9")).toBe("/admin/leads?q=caf%C3%A9");
    expect(safeReturnPath("/admin/leads?q=\u{1f600}")).toBe("/admin/leads?q=%F0%9F%98%80");
    expect(safeReturnPath(`/${"a".repeat(3000)}`)).toBe("/admin/leads");
  });

  it("whatever it is given, answers the fallback or a same-site path that is a valid header value", () => {
    const piece = fc.constantFrom(
      "/",
      "\\",
      "\t",
      "\n",
      "\r",
      " ",
      "\u0000",
      "\u200b",
      "\u2028",
      "\u202e",
      "\ufeff",
      "\u00e9",
      "\ud800",
      "%09",
      "%0a",
      "%2F",
      "%5C",
      "%2e",
      ".",
      "..",
      "evil.example",
      "http:",
      "https://",
      "@",
      ":",
      "?",
      "#",
      "=",
      "a",
    );
    const tricky = fc.tuple(fc.constantFrom("", "/", "//", "/\\"), fc.array(piece, { maxLength: 12 }));
    const input = fc.oneof(
      fc.string({ unit: "binary" }),
      fc.string({ unit: "binary" }).map((rest) => `/${rest}`),
      tricky.map(([start, pieces]) => start + pieces.join("")),
    );
    fc.assert(
      fc.property(input, (value) => {
        const result = safeReturnPath(value, "/fallback");
        if (result === "/fallback") return true;
        expect(result).toMatch(/^\/(?![/\\])/);
        expect([...result].every((char) => char.charCodeAt(0) > 0x20 && char.charCodeAt(0) < 0x7f)).toBe(true);
        expect(/\s/.test(result)).toBe(false);
        expect(staysOnSite(result)).toBe(true);
        expect(safeReturnPath(result, "/fallback")).toBe(result);
        return true;
      }),
      { numRuns: 2000 },
    );
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
    useDatabaseForTests(broken);
    const logged = vi.spyOn(log, "error").mockImplementation(() => {});
    expect(await getRole("user-1")).toBeNull();
    expect(logged).toHaveBeenCalledWith(
      { err: expect.objectContaining({ message: "connection lost" }) },
      "Error fetching user role",
    );
  });
});
