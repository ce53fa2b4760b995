import { describe, expect, it } from "vitest";
import {
  CommitOutcomeUnknownError,
  isDatabaseUnavailable,
  throwIfDatabaseUnavailable,
  writeTransaction,
} from "./availability.server";
import type { AppDatabase } from "./client.server";

const coded = (code: string, message = "x") => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it.each([
    ["connection refused", coded("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432")],
    ["connection reset", coded("ECONNRESET")],
    ["both addresses refused (AggregateError)", Object.assign(new AggregateError([coded("ECONNREFUSED")]), {})],
    ["server shutting down (57P01)", coded("57P01", "terminating connection due to administrator command")],
    ["server starting up (57P03)", coded("57P03", "the database system is starting up")],
    ["connection failure (08006)", coded("08006")],
    ["too many connections (53300)", coded("53300")],
    ["connection cut", new Error("Connection terminated unexpectedly")],
    ["pool wait over", new Error("timeout exceeded when trying to connect")],
    ["broken client", new Error("Client has encountered a connection error and is not queryable")],
    [
      "drizzle's wrapper around a lost connection",
      Object.assign(new Error("Failed query: select 1\nparams: "), { cause: coded("57P01") }),
    ],
    ["a COMMIT whose outcome is unknown", new CommitOutcomeUnknownError(coded("ECONNRESET"))],
  ])("yes: %s", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["unique violation (23505)", coded("23505", "duplicate key value violates unique constraint")],
    ["undefined table (42P01)", coded("42P01")],
    ["a bug", new TypeError("Cannot read properties of undefined")],
    ["drizzle's wrapper around a bad query", Object.assign(new Error("Failed query"), { cause: coded("22P02") })],
    ["a closed PGlite", new Error("PGlite is closed")],
    ["not an error", "ECONNREFUSED"],
    ["nothing", undefined],
  ])("no: %s", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it("throwIfDatabaseUnavailable throws the 503 page with Retry-After, and leaves other errors alone", () => {
    expect(() => throwIfDatabaseUnavailable(coded("23505"))).not.toThrow();
    try {
      throwIfDatabaseUnavailable(coded("ECONNREFUSED"));
      expect.unreachable();
    } catch (thrown) {
      const response = thrown as { init: { status: number; headers: Record<string, string> } };
      expect(response.init.status).toBe(503);
      expect(response.init.headers).toEqual({ "Retry-After": "30", "Cache-Control": "private, no-store" });
    }
  });
});

describe("writeTransaction", () => {
  const failing = (error: unknown, when: "before" | "after") =>
    ({
      async transaction(work: (tx: unknown) => Promise<unknown>) {
        if (when === "before") throw error;
        await work({});
        throw error;
      },
    }) as unknown as AppDatabase;

  it("a connection lost once the work is done (during COMMIT) is an unknown outcome", async () => {
    const lost = coded("57P01", "terminating connection due to administrator command");
    const outcome = await writeTransaction(failing(lost, "after"), async () => "stored?").catch((e: unknown) => e);
    expect(outcome).toBeInstanceOf(CommitOutcomeUnknownError);
    expect((outcome as Error).cause).toBe(lost);
    expect(isDatabaseUnavailable(outcome)).toBe(true);
  });

  it("a connection lost before the work is done, or any other error, is passed on as it is", async () => {
    const refused = coded("ECONNREFUSED");
    await expect(writeTransaction(failing(refused, "before"), async () => 1)).rejects.toBe(refused);
    const constraint = coded("23505");
    await expect(writeTransaction(failing(constraint, "after"), async () => 1)).rejects.toBe(constraint);
  });
});
