import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { databaseDownMessages } from "~/lib/database-down-texts";
import { loader as incentivesLoader } from "~/routes/incentives";
import { CommitOutcomeUnknownError, isDatabaseUnavailable, writeTransaction } from "~/server/db/availability.server";
import { type DatabaseHandle, openDatabase } from "~/server/db/client.server";
import { useDatabaseForTests } from "~/server/db/db.server";
import { leads } from "~/server/db/schema";
import { consultationAction, guideAction } from "~/server/leads/lead-actions.server";
import { log } from "~/server/log.server";
import { requestContext } from "~/server/request-context.server";
import { createPrivatePostgres, type PrivatePostgres, privatePostgresAvailable } from "../private-postgres";
import { dbTargets, openMigrated } from "./db-targets";

/**
 * The database layer under an outage (decision 0015; the whole server is tested under load in
 * tests/e2e/fault-postgres.spec.ts): writeTransaction on both engines, then a PostgreSQL server
 * of this file's own stopped in the middle of a transaction and started again.
 */

type FormAnswer = {
  data: { toast: { title: string; description: string }; values: Record<string, string> };
  init: { status: number; headers: Record<string, string> };
};

const post = (fields: Record<string, string>) =>
  new Request("http://localhost/talk-to-solar-advisor", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

const lead = (email: string) => ({ kind: "consultation" as const, name: "Outage Test", email });

describe.each(dbTargets)("writeTransaction on $name", (target) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openMigrated(target);
  });
  afterAll(async () => {
    await handle.close();
  });

  it("commits the work and returns its result", async () => {
    const id = await writeTransaction(handle.db, async (tx) => {
      const [row] = await tx.insert(leads).values(lead("commit@outage.example")).returning({ id: leads.id });
      return row?.id;
    });
    expect(
      await handle.db
        .select()
        .from(leads)
        .where(eq(leads.id, id as string)),
    ).toHaveLength(1);
  });

  it("rolls back on an error and passes it on unchanged", async () => {
    const failure = new Error("not a connection problem");
    await expect(
      writeTransaction(handle.db, async (tx) => {
        await tx.insert(leads).values(lead("rollback@outage.example"));
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await handle.db.select().from(leads).where(eq(leads.email, "rollback@outage.example"))).toHaveLength(0);
  });
});

describe.skipIf(!privatePostgresAvailable())("a PostgreSQL server stopped mid-transaction and started again", () => {
  let server: PrivatePostgres;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    server = createPrivatePostgres();
    server.start();
    handle = await openDatabase({ databaseUrl: server.url, poolMax: 4 });
    await handle.migrate();
  });
  afterAll(async () => {
    await handle?.close().catch(() => {});
    server?.remove();
  });

  it("fails the open transaction as 'unavailable' (nothing stored, the process lives on), then works again on the same pool", async () => {
    let stopped!: () => void;
    const serverStopped = new Promise<void>((resolve) => {
      stopped = resolve;
    });
    let firstInserted!: () => void;
    const inserted = new Promise<void>((resolve) => {
      firstInserted = resolve;
    });
    const attempt = writeTransaction(handle.db, async (tx) => {
      await tx.insert(leads).values(lead("cut@outage.example"));
      firstInserted();
      // The connection is checked out and idle here when the server goes: without a listener of
      // its own, its 'error' event would end the process.
      await serverStopped;
      await tx.insert(leads).values(lead("cut-2@outage.example"));
    });
    const outcome = attempt.then(
      () => null,
      (error: unknown) => error,
    );
    await inserted;
    server.stop();
    stopped();
    const error = await outcome;
    expect(isDatabaseUnavailable(error)).toBe(true);
    // Cut before COMMIT: certainly not stored, so not "outcome unknown".
    expect(error).not.toBeInstanceOf(CommitOutcomeUnknownError);

    // While it is down: a fast, recognisable failure (the pool waits at most 5 s).
    const started = Date.now();
    const down = await handle.db.execute(sql`select 1`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isDatabaseUnavailable(down)).toBe(true);
    expect(Date.now() - started).toBeLessThan(10_000);

    // The forms and a page that needs the database, through the app's code: 503 with
    // Retry-After, the visitor told nothing was received, what they typed kept.
    useDatabaseForTests(handle);
    const quiet = vi.spyOn(log, "error").mockImplementation(() => {});
    try {
      for (const answer of [
        await consultationAction(
          post({ name: "Dana", email: "dana@outage.example", question: "Roof age?" }),
          requestContext("outage"),
          { kind: "page" },
        ),
        await guideAction(
          post({ name: "Dana", email: "dana@outage.example", industryType: "healthcare", state: "CA" }),
          requestContext("outage"),
        ),
      ] as unknown as FormAnswer[]) {
        expect(answer.init.status).toBe(503);
        expect(answer.init.headers).toMatchObject({ "Retry-After": "30", "Cache-Control": "private, no-store" });
        expect(answer.data.toast.description).toBe(databaseDownMessages.notReceived);
        expect(answer.data.values).toMatchObject({ name: "Dana", email: "dana@outage.example" });
      }
      const page = await incentivesLoader({
        request: new Request("http://localhost/incentives?q=outage"),
        context: requestContext("outage"),
      } as unknown as Parameters<typeof incentivesLoader>[0]).then(
        () => null,
        (thrown: unknown) => thrown as { init: { status: number; headers: Record<string, string> } },
      );
      expect(page?.init.status).toBe(503);
      expect(page?.init.headers["Retry-After"]).toBe("30");
    } finally {
      quiet.mockRestore();
    }

    // Back: the same handle answers again, and the cut transaction left nothing behind.
    server.start();
    await expect
      .poll(
        () =>
          handle.db.execute(sql`select 1`).then(
            () => "up",
            () => "down",
          ),
        { timeout: 10_000 },
      )
      .toBe("up");
    const stored = await handle.db.select().from(leads).where(sql`${leads.email} like 'cut%@outage.example'`);
    expect(stored).toEqual([]);
  });
});
