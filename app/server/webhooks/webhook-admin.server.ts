import { desc, eq, isNotNull, sql } from "drizzle-orm";
import type { WebhookInput } from "~/lib/webhooks";
import type { AppDatabase } from "../db/client.server";
import { rowsOf } from "../db/rows.server";
import { webhookDeliveries, webhooks } from "../db/schema";
import { leadHooksChanged } from "../leads/lead-hooks.server";
import { deliverNow, newWebhookSecret } from "./webhook-delivery.server";

const DELIVERIES_SHOWN = 20;

export async function listWebhooks(db: AppDatabase) {
  const endpoints = await db.select().from(webhooks).orderBy(desc(webhooks.createdAt));
  if (endpoints.length === 0) return [];
  // Per endpoint by the (webhook_id, created_at) index.
  const recent = await db.execute(sql`select d.* from ${webhooks} w cross join lateral (
      select id, event, status, attempts, last_status as "lastStatus", last_error as "lastError",
        created_at as "createdAt", delivered_at as "deliveredAt", next_attempt_at as "nextAttemptAt",
        webhook_id as "webhookId"
      from ${webhookDeliveries} where webhook_id = w.id order by created_at desc limit ${DELIVERIES_SHOWN}) d`);
  type Row = {
    id: string;
    webhookId: string;
    event: string;
    status: string;
    attempts: number;
    lastStatus: number | null;
    lastError: string | null;
    createdAt: Date | string;
    deliveredAt: Date | string | null;
    nextAttemptAt: Date | string;
  };
  const rows = rowsOf<Row>(recent);
  const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
  return endpoints.map((endpoint) => ({
    ...endpoint,
    createdAt: endpoint.createdAt.toISOString(),
    deliveries: rows
      .filter((row) => row.webhookId === endpoint.id)
      .map((row) => ({
        ...row,
        createdAt: iso(row.createdAt) ?? "",
        deliveredAt: iso(row.deliveredAt),
        nextAttemptAt: iso(row.nextAttemptAt) ?? "",
      }))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
  }));
}

export function webhooksPausedForFailures(db: AppDatabase) {
  return db
    .select({ url: webhooks.url, description: webhooks.description })
    .from(webhooks)
    .where(isNotNull(webhooks.pausedForFailuresAt));
}

export async function addWebhook(db: AppDatabase, input: WebhookInput, createdBy: string) {
  const [row] = await db
    .insert(webhooks)
    .values({
      url: input.url,
      description: input.description ?? "",
      events: [...new Set(input.events)],
      secret: newWebhookSecret(),
      createdBy,
    })
    .returning({ id: webhooks.id, url: webhooks.url });
  await leadHooksChanged();
  return row;
}

export async function setWebhookActive(db: AppDatabase, id: string, active: boolean) {
  const fresh = active ? { consecutiveFailures: 0, pausedForFailuresAt: null } : {};
  const [row] = await db
    .update(webhooks)
    .set({ active, ...fresh })
    .where(eq(webhooks.id, id))
    .returning({ url: webhooks.url });
  await leadHooksChanged();
  return row ?? null;
}

export async function removeWebhook(db: AppDatabase, id: string) {
  const [row] = await db.delete(webhooks).where(eq(webhooks.id, id)).returning({ url: webhooks.url });
  await leadHooksChanged();
  return row ?? null;
}

export async function sendTestWebhook(db: AppDatabase, id: string, by: string) {
  const [endpoint] = await db.select({ id: webhooks.id }).from(webhooks).where(eq(webhooks.id, id));
  if (!endpoint) return null;
  const payload = {
    type: "webhook.test",
    timestamp: new Date().toISOString(),
    data: { message: "A test from the staff area's Webhooks page.", sentBy: by },
  };
  const [delivery] = await db
    .insert(webhookDeliveries)
    .values({ webhookId: id, event: "webhook.test", payload })
    .returning({ id: webhookDeliveries.id });
  return delivery ? deliverNow(db, delivery.id) : null;
}

export async function retryDelivery(db: AppDatabase, webhookId: string, deliveryId: string) {
  const rows = await db
    .update(webhookDeliveries)
    .set({ status: "pending", nextAttemptAt: new Date() })
    .where(
      sql`${webhookDeliveries.id} = ${deliveryId} and ${webhookDeliveries.webhookId} = ${webhookId} and ${webhookDeliveries.status} <> 'delivered'`,
    )
    .returning({ id: webhookDeliveries.id });
  return rows.length > 0 ? deliverNow(db, deliveryId) : null;
}
