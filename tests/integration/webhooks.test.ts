import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from "vitest";
import { PausedWebhooksNotice } from "~/components/staff/service-notices";
import { action as leadAction } from "~/routes/admin/lead";
import { action as webhooksAction, loader as webhooksLoader } from "~/routes/admin/webhooks";
import { createStaffAccount } from "~/server/auth/accounts.server";
import { getConfig } from "~/server/config.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import { closeDb, useDatabaseForTests } from "~/server/db/db.server";
import { auditEvents, user, webhookDeliveries, webhooks } from "~/server/db/schema";
import { leadHooksChanged } from "~/server/leads/lead-hooks.server";
import { storeBillSubmission } from "~/server/leads/lead-store.server";
import { webhooksPausedForFailures } from "~/server/webhooks/webhook-admin.server";
import {
  DeliveryLanes,
  deliverDueWebhooks,
  newWebhookSecret,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_PAUSE_AFTER,
} from "~/server/webhooks/webhook-delivery.server";
import { purgeOldWebhookDeliveries } from "~/server/webhooks/webhook-retention.server";
import { answerDns } from "../fake-dns";
import { dbTargets, openMigrated } from "./db-targets";
import { adminContextOf, answerOf, contextArgs, formPost } from "./staff-action";

/**
 * A new lead and a status change are queued in their own transaction for each
 * endpoint that wants them, posted signed (checked here with the Standard Webhooks library, not
 * with our own code), retried with back-off after a refusing receiver, and logged.
 */

type Received = { headers: http.IncomingHttpHeaders; body: string };

/** A receiver on loopback that answers the statuses it is given, in turn (then 200). */
function receiver() {
  const received: Received[] = [];
  const answers: number[] = [];
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      received.push({ headers: request.headers, body });
      const status = answers.shift() ?? 200;
      response.writeHead(status, status === 302 ? { location: "http://127.0.0.1:9/elsewhere" } : {});
      response.end("ok");
    });
  });
  return {
    received,
    answers,
    server,
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`)),
      ),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe.each(dbTargets)("webhooks on $name", (target) => {
  let handle: DatabaseHandle;
  let adminId = "";
  const hook = receiver();
  let url = "";
  let privateNetworksBefore = false;

  beforeAll(async () => {
    handle = await openMigrated(target);
    useDatabaseForTests(handle);
    // The receivers here are on this machine: allowed only with private networks (as a relay is).
    privateNetworksBefore = getConfig().WEBHOOKS_ALLOW_PRIVATE_NETWORKS;
    getConfig().WEBHOOKS_ALLOW_PRIVATE_NETWORKS = true;
    url = await hook.listen();
    await createStaffAccount(handle.db, { email: "hooks@owners.example", password: "Hooks!pass1234" });
    adminId =
      (await handle.db.select({ id: user.id }).from(user).where(eq(user.email, "hooks@owners.example")))[0]?.id ?? "";
  });
  beforeEach(async () => {
    await handle.db.delete(webhooks);
    await leadHooksChanged();
    hook.received.length = 0;
    hook.answers.length = 0;
  });
  afterAll(async () => {
    getConfig().WEBHOOKS_ALLOW_PRIVATE_NETWORKS = privateNetworksBefore;
    await hook.close();
    await closeDb();
  });

  const context = () => adminContextOf({ id: adminId, email: "hooks@owners.example", name: "Hal" }, "203.0.113.60");
  const webhookAct = (fields: [string, string][]) =>
    answerOf(() =>
      webhooksAction({ request: formPost("/admin/webhooks", fields), params: {}, context: context() } as never),
    );
  const addHook = async (events = ["lead.created", "lead.status_changed"]) => {
    const added = await webhookAct([
      ["intent", "add"],
      ["url", url],
      ["description", "CRM"],
      ...events.map((event): [string, string] => ["events", event]),
    ]);
    expect(added.data).toMatchObject({ toast: { title: "Webhook added" } });
    const [row] = await handle.db.select().from(webhooks);
    return row as typeof webhooks.$inferSelect;
  };
  const newBill = (business: string) =>
    storeBillSubmission(
      handle.db,
      { businessName: business, contactName: "Hana", email: "hana@hook.example", monthlyEnergyBill: 1200 },
      { formType: "Solar Assessment", subject: "New bill", to: "staff@example.com", formData: () => ({}) },
    );

  it("refuses an address that is not https (or http to localhost) and a form without events", async () => {
    for (const bad of ["http://crm.example/hook", "javascript:alert(1)", "https://user:pw@crm.example/hook"]) {
      const refused = await webhookAct([
        ["intent", "add"],
        ["url", bad],
        ["events", "lead.created"],
      ]);
      expect(refused).toMatchObject({
        status: 400,
        data: { result: { error: { url: ["Use an https:// address (http:// only for localhost)."] } } },
      });
    }
    const noEvents = await webhookAct([
      ["intent", "add"],
      ["url", "https://crm.example/hook"],
    ]);
    expect(noEvents).toMatchObject({
      status: 400,
      data: { result: { error: { events: ["Choose at least one event."] } } },
    });
    expect(await handle.db.select().from(webhooks)).toEqual([]);
  });

  it("a new lead is queued with it, posted signed, retried with back-off after a refusal, and logged", async () => {
    const endpoint = await addHook();
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const id = await newBill("Hook Dairy");
    const [queued] = await handle.db.select().from(webhookDeliveries);
    expect([queued?.event, queued?.status, queued?.attempts]).toEqual(["lead.created", "pending", 0]);

    // Refused twice: the pause before the next attempt doubles (30 s, then 60 s).
    hook.answers.push(500, 503);
    const start = new Date();
    expect(await deliverDueWebhooks(handle.db, { now: start, retrySeconds: 30 })).toEqual({
      delivered: 0,
      retried: 1,
      failed: 0,
    });
    const [first] = await handle.db.select().from(webhookDeliveries);
    expect([first?.status, first?.attempts, first?.lastStatus, first?.lastError]).toEqual([
      "pending",
      1,
      500,
      "HTTP 500",
    ]);
    expect((first?.nextAttemptAt.getTime() ?? 0) - start.getTime()).toBe(30_000);
    // Not due yet: nothing is posted.
    expect(await deliverDueWebhooks(handle.db, { now: new Date(start.getTime() + 29_000), retrySeconds: 30 })).toEqual({
      delivered: 0,
      retried: 0,
      failed: 0,
    });
    const later = new Date(start.getTime() + 31_000);
    await deliverDueWebhooks(handle.db, { now: later, retrySeconds: 30 });
    const [second] = await handle.db.select().from(webhookDeliveries);
    expect([second?.attempts, second?.lastStatus]).toEqual([2, 503]);
    expect((second?.nextAttemptAt.getTime() ?? 0) - later.getTime()).toBe(60_000);

    // "Retry now" from the log: delivered, and the signature checks out with the secret.
    const retried = await webhookAct([
      ["intent", "retry"],
      ["webhookId", endpoint.id],
      ["deliveryId", second?.id ?? ""],
    ]);
    expect(retried.data).toMatchObject({ toast: { title: "Delivered" } });
    expect(hook.received).toHaveLength(3);
    const last = hook.received[2] as Received;
    const payload = new Webhook(endpoint.secret).verify(last.body, {
      "webhook-id": String(last.headers["webhook-id"]),
      "webhook-timestamp": String(last.headers["webhook-timestamp"]),
      "webhook-signature": String(last.headers["webhook-signature"]),
    }) as { type: string; data: { lead: Record<string, unknown> } };
    expect(payload.type).toBe("lead.created");
    expect(payload.data.lead).toMatchObject({
      kind: "bill",
      id,
      business: "Hook Dairy",
      name: "Hana",
      email: "hana@hook.example",
      monthlyBill: 1200,
      status: "new",
      url: expect.stringMatching(new RegExp(`/admin/leads/bill/${id}$`)),
    });
    expect(last.headers["webhook-id"]).toBe(second?.id);
    // A tampered body or another secret does not verify.
    expect(() =>
      new Webhook(endpoint.secret).verify(last.body.replace("Hook Dairy", "Evil Dairy"), {
        "webhook-id": String(last.headers["webhook-id"]),
        "webhook-timestamp": String(last.headers["webhook-timestamp"]),
        "webhook-signature": String(last.headers["webhook-signature"]),
      }),
    ).toThrow();

    const [logged] = (await webhooksLoader(contextArgs())).endpoints;
    expect(
      logged?.deliveries.map((delivery) => [delivery.event, delivery.status, delivery.attempts, delivery.lastStatus]),
    ).toEqual([["lead.created", "delivered", 3, 200]]);
  });

  it("a status change is posted with from, to and who; a redirect is not a delivery; the last attempt gives up", async () => {
    await addHook(["lead.status_changed"]);
    const id = await newBill("Status Farm");
    expect(await handle.db.select().from(webhookDeliveries)).toEqual([]);
    const changed = await answerOf(() =>
      leadAction({
        request: formPost(`/admin/leads/bill/${id}`, [
          ["intent", "status"],
          ["status", "qualified"],
        ]),
        params: { kind: "bill", id },
        context: context(),
      } as never),
    );
    expect(changed.status).toBe(200);
    hook.answers.push(302);
    await deliverDueWebhooks(handle.db, { retrySeconds: 30 });
    const [redirected] = await handle.db.select().from(webhookDeliveries);
    expect([redirected?.status, redirected?.lastStatus]).toEqual(["pending", 302]);
    expect(JSON.parse(hook.received[0]?.body ?? "{}")).toMatchObject({
      type: "lead.status_changed",
      data: { lead: { kind: "bill", id, name: "Status Farm" }, from: "new", to: "qualified", changedBy: "Hal" },
    });

    await handle.db.update(webhookDeliveries).set({ attempts: WEBHOOK_MAX_ATTEMPTS - 1, nextAttemptAt: new Date(0) });
    hook.answers.push(500);
    expect(await deliverDueWebhooks(handle.db, { retrySeconds: 30 })).toEqual({ delivered: 0, retried: 0, failed: 1 });
    const [failed] = await handle.db.select().from(webhookDeliveries);
    expect([failed?.status, failed?.attempts]).toEqual(["failed", WEBHOOK_MAX_ATTEMPTS]);
  });

  it("send test, pause, resume and remove, each in the audit log; a paused webhook gets nothing", async () => {
    const endpoint = await addHook();
    expect(
      (
        await webhookAct([
          ["intent", "test"],
          ["webhookId", endpoint.id],
        ])
      ).data,
    ).toMatchObject({
      toast: { title: "Test delivered", description: "The receiver answered HTTP 200." },
    });
    hook.answers.push(500);
    expect(
      await webhookAct([
        ["intent", "test"],
        ["webhookId", endpoint.id],
      ]),
    ).toMatchObject({
      status: 502,
      data: { toast: { title: "Test not delivered", description: "HTTP 500: it will be retried." } },
    });
    expect(
      (
        await webhookAct([
          ["intent", "pause"],
          ["webhookId", endpoint.id],
        ])
      ).data,
    ).toMatchObject({ toast: { title: "Webhook paused" } });
    await newBill("Paused Winery");
    expect((await handle.db.select().from(webhookDeliveries)).map((row) => row.event)).toEqual([
      "webhook.test",
      "webhook.test",
    ]);
    await webhookAct([
      ["intent", "resume"],
      ["webhookId", endpoint.id],
    ]);
    await newBill("Resumed Winery");
    expect(
      (await handle.db.select().from(webhookDeliveries)).filter((row) => row.event === "lead.created"),
    ).toHaveLength(1);
    expect(
      (
        await webhookAct([
          ["intent", "remove"],
          ["webhookId", endpoint.id],
        ])
      ).data,
    ).toMatchObject({ toast: { title: "Webhook removed" } });
    expect(await handle.db.select().from(webhookDeliveries)).toEqual([]);
    expect(
      (
        await webhookAct([
          ["intent", "test"],
          ["webhookId", endpoint.id],
        ])
      ).status,
    ).toBe(404);
    const actions = (await handle.db.select({ action: auditEvents.action }).from(auditEvents)).map((row) => row.action);
    // Earlier tests added endpoints too: this one was paused, resumed and removed.
    expect(actions.filter((action) => action === "webhook.changed")).toHaveLength(2);
    expect(actions.filter((action) => action === "webhook.removed")).toHaveLength(1);
    expect(actions).toContain("webhook.added");
  });

  it("never posts to an internal address, written as an IP or resolved from the name; fails it at once", async () => {
    getConfig().WEBHOOKS_ALLOW_PRIVATE_NETWORKS = false;
    onTestFinished(() => {
      getConfig().WEBHOOKS_ALLOW_PRIVATE_NETWORKS = true;
    });
    const port = new URL(url).port;
    // The cloud metadata address, written in the URL (https passes the form).
    const metadata = await webhookAct([
      ["intent", "add"],
      ["url", "https://169.254.169.254/latest/meta-data"],
      ["events", "lead.created"],
    ]);
    expect(metadata.data).toMatchObject({ toast: { title: "Webhook added" } });
    const [endpoint] = await handle.db.select().from(webhooks);
    const refused =
      "Refused: 169.254.169.254 is a private or internal network address (set WEBHOOKS_ALLOW_PRIVATE_NETWORKS=true to allow it).";
    expect(
      await webhookAct([
        ["intent", "test"],
        ["webhookId", endpoint?.id ?? ""],
      ]),
    ).toMatchObject({ status: 502, data: { toast: { title: "Test not delivered", description: refused } } });
    const [test] = await handle.db.select().from(webhookDeliveries);
    expect([test?.status, test?.attempts]).toEqual(["failed", 1]);

    // A name whose address is internal: refused by the lookup the connection itself uses.
    await handle.db.delete(webhooks);
    await handle.db.insert(webhooks).values({
      url: `https://crm.internal.example:${port}/hook`,
      secret: newWebhookSecret(),
      events: ["lead.created"],
    });
    await leadHooksChanged();
    const lookup = answerDns("crm.internal.example", "10.20.30.40");
    try {
      await newBill("Internal Orchard");
      expect(await deliverDueWebhooks(handle.db, { retrySeconds: 30 })).toEqual({
        delivered: 0,
        retried: 0,
        failed: 1,
      });
      expect(lookup).toHaveBeenCalled();
    } finally {
      lookup.mockRestore();
    }
    const [byName] = await handle.db.select().from(webhookDeliveries);
    expect([byName?.status, byName?.attempts, byName?.lastError]).toEqual([
      "failed",
      1,
      "Refused: crm.internal.example resolves to a private or internal network address (set WEBHOOKS_ALLOW_PRIVATE_NETWORKS=true to allow it)",
    ]);
  });

  it("purges delivered and failed deliveries past the retention, never one still to be retried", async () => {
    const endpoint = await addHook(["lead.created"]);
    const now = new Date("2026-11-28T12:00:00Z");
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const row = (status: string, createdAt: Date) => ({
      webhookId: endpoint.id,
      event: "lead.created",
      payload: { status },
      status,
      createdAt,
    });
    await handle.db
      .insert(webhookDeliveries)
      .values([
        row("delivered", daysAgo(91)),
        row("failed", daysAgo(120)),
        row("pending", daysAgo(200)),
        row("delivered", daysAgo(89)),
        row("failed", daysAgo(10)),
      ]);
    expect(await purgeOldWebhookDeliveries(handle.db, { retentionDays: 90, now, batchSize: 1 })).toMatchObject({
      deleted: 2,
    });
    const kept = await handle.db.select().from(webhookDeliveries);
    expect(
      kept
        .map((delivery) => [delivery.status, Math.round((now.getTime() - delivery.createdAt.getTime()) / 86_400_000)])
        .sort(),
    ).toEqual([
      ["delivered", 89],
      ["failed", 10],
      ["pending", 200],
    ]);
  });

  it("two workers at once post each delivery once", async () => {
    await addHook(["lead.created"]);
    for (const name of ["One", "Two", "Three", "Four", "Five"]) await newBill(`${name} Wash`);
    const [a, b] = await Promise.all([deliverDueWebhooks(handle.db), deliverDueWebhooks(handle.db)]);
    expect((a?.delivered ?? 0) + (b?.delivered ?? 0)).toBe(5);
    const ids = hook.received.map((request) => request.headers["webhook-id"]);
    expect(new Set(ids).size).toBe(5);
    expect(ids).toHaveLength(5);
  });

  it("a receiver that never answers holds one lane: a healthy one gets each of 8 leads within 5 s", async () => {
    const hanging = http.createServer(() => {});
    let hangingConnections = 0;
    hanging.on("connection", () => hangingConnections++);
    const hangingUrl = await new Promise<string>((resolve) =>
      hanging.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(hanging.address() as AddressInfo).port}/hook`)),
    );
    await handle.db
      .insert(webhooks)
      .values(
        [hangingUrl, url].map((address) => ({ url: address, secret: newWebhookSecret(), events: ["lead.created"] })),
      );
    await leadHooksChanged();
    const stop = new AbortController();
    // As the server's worker does: the lanes stay open and every stored lead kicks them.
    const lanes = new DeliveryLanes(handle.db, { signal: stop.signal });
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      const storedAt = Date.now();
      await newBill(`Lane ${i} Wash`);
      void lanes.fill();
      await expect.poll(() => hook.received.length, { timeout: 5_000, interval: 20 }).toBe(i + 1);
      waits.push(Date.now() - storedAt);
    }
    expect(Math.max(...waits)).toBeLessThan(5_000);
    // Never two at once to one endpoint: the hanging receiver holds its first delivery still.
    expect(hangingConnections).toBe(1);
    stop.abort();
    hanging.closeAllConnections();
    await lanes.idle();
    await new Promise((resolve) => hanging.close(resolve));
  });
  // After the audit-log test: these add audit lines of their own.
  it("an endpoint that fails 10 times in a row is paused, its leads wait, the pages say so; Resume sends them", async () => {
    const endpoint = await addHook(["lead.created"]);
    for (let i = 0; i < WEBHOOK_PAUSE_AFTER; i++) hook.answers.push(500);
    // Two leads, so the ten failures in a row are spread over two deliveries that still wait.
    await newBill("Pause Dairy");
    await newBill("Pause Creamery");
    // Each attempt due at once, as if the back-off had passed.
    for (let i = 0; i < WEBHOOK_PAUSE_AFTER; i++) {
      await deliverDueWebhooks(handle.db, { retrySeconds: 0 });
    }
    const [paused] = await handle.db.select().from(webhooks).where(eq(webhooks.id, endpoint.id));
    expect(paused).toMatchObject({ active: false, consecutiveFailures: WEBHOOK_PAUSE_AFTER });
    expect(paused?.pausedForFailuresAt).toBeInstanceOf(Date);
    const pausedHooks = await webhooksPausedForFailures(handle.db);
    expect(pausedHooks).toEqual([{ url, description: "CRM" }]);
    // The dashboard names it and points to where it is resumed.
    const notice = renderToStaticMarkup(createElement(PausedWebhooksNotice, { paused: pausedHooks }));
    expect(notice).toContain("Webhooks paused after failing again and again");
    expect(notice).toMatch(/<li>CRM<\/li>/);
    expect(notice).toContain('href="/admin/webhooks"');
    // A new lead is not queued for a paused endpoint; the waiting one is not claimed.
    await newBill("Waiting Orchard");
    expect(await deliverDueWebhooks(handle.db)).toEqual({ delivered: 0, retried: 0, failed: 0 });
    const page = await webhooksLoader(contextArgs());
    expect(page.endpoints[0]).toMatchObject({ consecutiveFailures: 10, pausedForFailuresAt: expect.any(Date) });

    const resumed = await webhookAct([
      ["intent", "resume"],
      ["webhookId", endpoint.id],
    ]);
    expect(resumed.data).toMatchObject({ toast: { title: "Webhook resumed" } });
    expect(await deliverDueWebhooks(handle.db)).toMatchObject({ delivered: 2 });
    const [again] = await handle.db.select().from(webhooks).where(eq(webhooks.id, endpoint.id));
    expect(again).toMatchObject({ active: true, consecutiveFailures: 0, pausedForFailuresAt: null });
  });

  it("Send test says a receiver could not be reached without the socket's details", async () => {
    const endpoint = await addHook(["lead.created"]);
    await handle.db.update(webhooks).set({ url: "http://127.0.0.1:9/closed" }).where(eq(webhooks.id, endpoint.id));
    const tested = await webhookAct([
      ["intent", "test"],
      ["webhookId", endpoint.id],
    ]);
    const [delivery] = await handle.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, endpoint.id));
    expect(delivery?.lastError).toBe("Could not connect");
    expect(JSON.stringify(tested.data)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1:9/);
  });
});
