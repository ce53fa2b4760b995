import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/server/db/client.server";
import { rowsOf } from "~/server/db/rows.server";
import { emailOutbox, webhookDeliveries, webhooks } from "~/server/db/schema";
import { databaseFiguresQuery, readDatabaseFigures, setMetricsDatabase } from "~/server/metrics/database-gauges.server";
import { metricsRegistry } from "~/server/metrics/registry.server";
import { dbTargets, openMigrated } from "./db-targets";

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const mail = (status: string, queuedMinutesAgo = 0, nextAttemptMinutesAgo = queuedMinutesAgo) => ({
  formType: "consultation",
  subject: "New lead",
  toAddress: "staff@example.com",
  formData: {},
  status,
  createdAt: minutesAgo(queuedMinutesAgo),
  nextAttemptAt: minutesAgo(nextAttemptMinutesAgo),
});

describe.each(dbTargets)("/metrics database figures on $name", (target) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openMigrated(target);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("says nothing waits on an empty database (no made-up age)", async () => {
    expect(await readDatabaseFigures(handle.db)).toEqual({
      outboxPending: 0,
      outboxFailedLastDay: 0,
      outboxOldestPendingSeconds: null,
      webhooksRetrying: 0,
    });
  });

  it("counts waiting mail, the oldest wait, the last day's failures, and webhooks being retried", async () => {
    await handle.db.insert(emailOutbox).values([
      mail("pending", 10),
      mail("pending", 1),
      // Given up an hour ago (its next attempt was then set an hour of back-off later: about
      // now), and two days ago.
      mail("failed", 72 * 60, 0),
      mail("failed", 5 * 24 * 60, 2 * 24 * 60),
      mail("sent", 120),
      mail("discarded"),
    ]);
    const [endpoint] = await handle.db
      .insert(webhooks)
      .values({ url: "https://hooks.example.com/", secret: "whsec_x", events: ["lead.created"] })
      .returning();
    const delivery = { webhookId: endpoint?.id as string, event: "lead.created", payload: {} };
    await handle.db.insert(webhookDeliveries).values([
      { ...delivery, status: "pending", attempts: 2, lastError: "HTTP 500" },
      { ...delivery, status: "pending" },
      { ...delivery, status: "failed", attempts: 10, lastError: "HTTP 500" },
      { ...delivery, status: "delivered", attempts: 1 },
    ]);
    const figures = await readDatabaseFigures(handle.db);
    expect(figures).toMatchObject({ outboxPending: 2, outboxFailedLastDay: 1, webhooksRetrying: 1 });
    // The oldest pending message was queued ten minutes ago (the database's clock).
    expect(figures.outboxOldestPendingSeconds).toBeGreaterThan(595);
    expect(figures.outboxOldestPendingSeconds).toBeLessThan(700);
  });

  it("puts them on /metrics, with the PostgreSQL pool's figures (PGlite has no pool)", async () => {
    setMetricsDatabase(async () => handle);
    try {
      const text = await metricsRegistry.metrics();
      expect(text).toMatch(/^solar_outbox_pending 2$/m);
      expect(text).toMatch(/^solar_outbox_failed_last_day 1$/m);
      expect(text).toMatch(/^solar_outbox_oldest_pending_age_seconds \d+/m);
      expect(text).toMatch(/^solar_webhook_deliveries_retrying 1$/m);
      if (target.name === "postgres") expect(text).toMatch(/^solar_db_pool_total [1-9]/m);
      else expect(text).not.toMatch(/^solar_db_pool_total /m);
    } finally {
      setMetricsDatabase(undefined);
    }
  });

  it("reads through indexes, not the tables, with 30,000 old failures kept", async () => {
    await handle.db.execute(sql`insert into ${emailOutbox}
        (form_type, subject, to_address, form_data, status, created_at, next_attempt_at)
      select 'consultation', 'Old', 'staff@example.com', '{}'::jsonb, 'failed',
        now() - make_interval(days => 4, mins => n), now() - make_interval(days => 1, mins => n)
      from generate_series(1, 30000) as n`);
    await handle.db.execute(sql`insert into ${webhookDeliveries} (webhook_id, event, payload, status, attempts)
      select (select id from ${webhooks} limit 1), 'lead.created', '{}'::jsonb, 'delivered', 1
      from generate_series(1, 5000)`);
    await handle.db.execute(sql`analyze`);
    const plan = rowsOf<Record<string, string>>(await handle.db.execute(sql`explain ${databaseFiguresQuery}`))
      .map((row) => Object.values(row).join(""))
      .join("\n");
    expect(plan).not.toMatch(/Seq Scan/);
    expect(plan).toMatch(/email_outbox_due_idx/);
    expect(plan).toMatch(/webhook_deliveries_due_idx/);
    expect((await readDatabaseFigures(handle.db)).outboxFailedLastDay).toBe(1);
  }, 120_000);
});
