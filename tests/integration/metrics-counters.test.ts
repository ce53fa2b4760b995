import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/server/db/client.server";
import { webhookDeliveries, webhooks } from "~/server/db/schema";
import { storeBillSubmission, storeLead } from "~/server/leads/lead-store.server";
import { leadsAccepted, webhookAttemptFailures } from "~/server/metrics/registry.server";
import { deliverDueWebhooks, WEBHOOK_MAX_ATTEMPTS } from "~/server/webhooks/webhook-delivery.server";
import { freePortSync } from "../free-port";
import { dbTargets, openMigrated } from "./db-targets";

/** A counter's value for one label (the counters are the process's: compare before and after). */
async function count(counter: typeof leadsAccepted | typeof webhookAttemptFailures, label: string): Promise<number> {
  const { values } = await counter.get();
  return values.find((value) => Object.values(value.labels).includes(label))?.value ?? 0;
}

const job = {
  formType: "Solar Advisor Consultation" as const,
  subject: "New lead",
  to: "staff@example.com",
  formData: {},
};

describe.each(dbTargets)("/metrics counters on $name", (target) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openMigrated(target);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("counts each lead accepted, by kind, once its transaction has committed", async () => {
    const [consultations, bills] = [await count(leadsAccepted, "consultation"), await count(leadsAccepted, "bill")];
    await storeLead(handle.db, { kind: "consultation", name: "Ann", email: "ann@farm.example" }, job);
    await storeBillSubmission(
      handle.db,
      { businessName: "Wash Co", contactName: "Cam", email: "cam@wash.example" },
      { ...job, formType: "Solar Assessment", formData: () => ({}) },
    );
    // Refused by the database (no recipient): nothing was accepted, nothing is counted.
    await expect(
      storeLead(
        handle.db,
        { kind: "consultation", name: "No Mail", email: "x@example.com" },
        {
          ...job,
          to: null as unknown as string,
        },
      ),
    ).rejects.toThrow();
    expect(await count(leadsAccepted, "consultation")).toBe(consultations + 1);
    expect(await count(leadsAccepted, "bill")).toBe(bills + 1);
  });

  it("counts webhook posts that failed: retried, then given up", async () => {
    const [retried, failed] = [
      await count(webhookAttemptFailures, "retried"),
      await count(webhookAttemptFailures, "failed"),
    ];
    // Nothing listens on this port: the post is refused at once.
    const [endpoint] = await handle.db
      .insert(webhooks)
      .values({ url: `http://127.0.0.1:${freePortSync()}/hook`, secret: "whsec_dGVzdA==", events: ["lead.created"] })
      .returning();
    // Due a second ago: the database's default now() has microseconds, the worker's clock milliseconds,
    // so a row made in the same millisecond as the claim would not be due yet.
    const delivery = {
      webhookId: endpoint?.id as string,
      event: "lead.created",
      payload: {},
      nextAttemptAt: new Date(Date.now() - 1000),
    };
    await handle.db.insert(webhookDeliveries).values(delivery);
    expect(await deliverDueWebhooks(handle.db, { retrySeconds: 30, allowInternal: true })).toMatchObject({
      retried: 1,
    });
    await handle.db.delete(webhookDeliveries);
    await handle.db.insert(webhookDeliveries).values({ ...delivery, attempts: WEBHOOK_MAX_ATTEMPTS - 1 });
    expect(await deliverDueWebhooks(handle.db, { retrySeconds: 30, allowInternal: true })).toMatchObject({ failed: 1 });
    expect(await count(webhookAttemptFailures, "retried")).toBe(retried + 1);
    expect(await count(webhookAttemptFailures, "failed")).toBe(failed + 1);
  });
});
