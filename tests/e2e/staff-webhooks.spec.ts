import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { expectNoAxeViolations } from "./fixtures";
import { signIn, submitBill } from "./staff-helpers";

/**
 * Webhooks as an admin uses them: a webhook added on /admin/webhooks, "Send test"
 * delivered to a receiver, a new lead posted to it signed with the secret the page shows, the
 * delivery log, and the endpoint removed.
 */
type Received = { headers: http.IncomingHttpHeaders; body: string };
const received: Received[] = [];
const server = http.createServer((request, response) => {
  let body = "";
  request.on("data", (chunk) => {
    body += chunk;
  });
  request.on("end", () => {
    received.push({ headers: request.headers, body });
    response.writeHead(204).end();
  });
});
let receiverUrl = "";

test.beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});
test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

test("add a webhook, send a test, see a new lead delivered signed, remove it", async ({ page }) => {
  const tag = `${Date.now().toString(36)}`;
  await signIn(page);
  await page.getByRole("link", { name: "Webhooks" }).click();
  await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();

  // The browser refuses an address that is not https before anything is sent.
  await page.getByLabel("Address to post to").fill("http://crm.example/hook");
  await page.getByRole("button", { name: "Add webhook" }).click();
  await expect(page.getByText("Use an https:// address (http:// only for localhost).")).toBeVisible();

  await page.getByLabel("Address to post to").fill(receiverUrl);
  await page.getByLabel("What it is for").fill(`CRM ${tag}`);
  await expect(page.getByLabel("New lead")).toBeChecked();
  await page.getByRole("button", { name: "Add webhook" }).click();
  await expect(page.locator("[data-toast]").filter({ hasText: "Webhook added" })).toBeVisible();
  const endpoint = page.getByTestId("webhook").filter({ hasText: `CRM ${tag}` });
  await expect(endpoint.getByRole("heading", { name: receiverUrl })).toBeVisible();

  await endpoint.getByRole("button", { name: "Send test" }).click();
  await expect(page.locator("[data-toast]").filter({ hasText: "Test delivered" })).toBeVisible();
  await expect(endpoint.getByTestId("webhook-deliveries")).toContainText("Delivered");
  await expect(endpoint.getByTestId("webhook-deliveries")).toContainText("HTTP 204");
  await expectNoAxeViolations(page);

  // A visitor's bill upload reaches the receiver, signed with the secret shown on the page.
  const secret = await endpoint.getByLabel("Signing secret").inputValue();
  await submitBill(page.request, {
    businessName: `Hook ${tag} Farm`,
    contactPerson: `Hu ${tag}`,
    email: `hu-${tag}@farm.example`,
  });
  await expect
    .poll(() => received.some((request) => request.body.includes(`Hook ${tag} Farm`)), { timeout: 20_000 })
    .toBe(true);
  const delivery = received.find((request) => request.body.includes(`Hook ${tag} Farm`)) as Received;
  const payload = new Webhook(secret).verify(delivery.body, {
    "webhook-id": String(delivery.headers["webhook-id"]),
    "webhook-timestamp": String(delivery.headers["webhook-timestamp"]),
    "webhook-signature": String(delivery.headers["webhook-signature"]),
  }) as { type: string };
  expect(payload.type).toBe("lead.created");
  await page.reload();
  await expect(endpoint.getByTestId("webhook-deliveries")).toContainText("New lead");

  await endpoint.getByText("Remove…").click();
  await endpoint.getByRole("button", { name: "Remove this webhook" }).click();
  await expect(page.locator("[data-toast]").filter({ hasText: "Webhook removed" })).toBeVisible();
  await expect(page.getByTestId("webhook").filter({ hasText: `CRM ${tag}` })).toHaveCount(0);
});
