import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { EstimateSnapshot } from "~/lib/estimate-snapshot";
import { MODEL_VERSION } from "~/lib/solar-model";
import { action } from "~/routes/solar-calculator";
import { loader as billPageLoader } from "~/routes/submit-bill";
import type { DatabaseHandle } from "~/server/db/client.server";
import { useDatabaseForTests } from "~/server/db/db.server";
import { emailOutbox, leadSubmissions, leads } from "~/server/db/schema";
import { seedDatabase } from "~/server/db/seed.server";
import { billAction } from "~/server/leads/bill-action.server";
import { deliverDueEmails } from "~/server/mail/outbox.server";
import { createMailSender } from "~/server/mail/outbox-message.server";
import { leadsAfter, readLead } from "~/server/queries/staff-leads.server";
import { requestContext } from "~/server/request-context.server";
import { LocalBillStorage, useBillStorage } from "~/server/storage/bill-storage.server";
import { dbTargets, openMigrated } from "./db-targets";

/** Wyoming without its price: the page must ask for one, not guess (tests/integration/unpriced-state.ts). */
vi.mock("~/server/calculator/model-data.server", async (original) =>
  (await import("./unpriced-state")).withoutPrice("WY", original),
);

type ActionArgs = Parameters<typeof action>[0];

/** The text parts as written (soft line breaks joined, =XX decoded). */
const quotedPrintable = (eml: string) =>
  eml
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
const INPUTS = { monthlyBill: "8000", state: "NM", owner: "pass-through", energyShare: "60", industry: "agriculture" };

async function send(fields: Record<string, string>, address: string) {
  const request = new Request(`http://localhost/solar-calculator?${new URLSearchParams(INPUTS)}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "email-estimate", ...fields }).toString(),
  });
  return (await action({ request, params: {}, context: requestContext(address) } as unknown as ActionArgs)) as
    | Response
    | { data: { errors: Record<string, string> }; init: { status: number } };
}

describe.each(dbTargets)("e-mail me this estimate on $name", (target) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openMigrated(target);
    useDatabaseForTests(handle);
    // The built-in programs, with New Mexico's, South Carolina's and Utah's calculator terms.
    await seedDatabase(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("stores the lead with the estimate the server computed, queues the staff e-mail and the visitor's PDF", async () => {
    // A posted figure is never trusted: only the inputs are read; the estimate is recomputed.
    const answer = await send(
      { ...INPUTS, name: "Rosa Vineyard", email: "rosa@winery.example", npv: "9999999" },
      `e1-${target.name}`,
    );
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(302);
    expect((answer as Response).headers.get("Location")).toBe("/thank-you");

    const [lead] = await handle.db.select().from(leads).where(eq(leads.email, "rosa@winery.example"));
    expect(lead).toMatchObject({ kind: "estimate", name: "Rosa Vineyard", state: "new mexico" });
    const snapshot = lead?.estimate as EstimateSnapshot;
    expect(snapshot.modelVersion).toBe(MODEL_VERSION);
    // The short address of the inputs: the default owner (taxable) is left out.
    expect(snapshot.query).toBe("monthlyBill=8000&state=NM&industry=agriculture&energyShare=60&owner=pass-through");
    expect(lead?.industry).toBe("agriculture");
    expect(snapshot.result.status).toBe("ok");
    // New Mexico's credit, capped at $6,000 a year, is part of what was stored.
    const nm = snapshot.result.stateIncentives.counted.find((p) => p.slug === "nm-solar-market-development-tax-credit");
    expect(nm?.byYear[0]).toBe(6000);

    const jobs = await handle.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.leadId, lead?.id ?? ""));
    expect(jobs.map((job) => [job.template, job.subject]).sort()).toEqual([
      ["estimate-delivery", "Your solar estimate for New Mexico"],
      ["staff-notification", "New Solar Estimate Request"],
    ]);
    const staff = jobs.find((job) => job.template === "staff-notification");
    expect(staff?.formData).toMatchObject({ name: "Rosa Vineyard", state: "New Mexico", monthlyBill: "$8,000" });
    expect(String(staff?.formData.estimate)).toContain("/solar-calculator?monthlyBill=8000&state=NM");

    // The visitor's e-mail carries the PDF report.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mail-estimate-"));
    try {
      const sender = createMailSender({ from: "site@example.com", captureDir: dir, siteUrl: "https://solar.example" });
      await deliverDueEmails(handle.db, sender, { giveUpAfterMs: 86_400_000 });
      const visitorJob = jobs.find((job) => job.template === "estimate-delivery");
      const file = fs.readdirSync(dir).find((name) => name.includes(String(visitorJob?.id)));
      const eml = fs.readFileSync(path.join(dir, String(file)), "utf8");
      expect(eml).toContain("To: rosa@winery.example");
      expect(eml).toMatch(/filename=solar-estimate-nm-\d{4}-\d{2}-\d{2}\.pdf/);
      expect(eml).toContain("Content-Type: application/pdf");
      expect(quotedPrintable(eml)).toContain("https://solar.example/solar-calculator?monthlyBill=8000&state=NM");
      // Nothing the visitor typed goes to the address they typed (decision 0010).
      expect(eml).not.toContain("Rosa");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }

    // Staff see it on the lead page and in the export.
    const found = await readLead(handle.db, "estimate", lead?.id ?? "");
    expect(found?.lead).toHaveProperty("estimate");
    const { rows } = await leadsAfter(handle.db, { q: "rosa@winery", kind: "estimate", status: null }, undefined, 10);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.estimate?.query).toBe(snapshot.query);
    expect(Math.round(rows[0]?.estimate?.netCost ?? 0)).toBe(Math.round(snapshot.result.netCost.value));
  });

  it("Get My Custom Solar Quote: the bill form carries the result's inputs, and the bill's lead stores the estimate", async () => {
    const query = "monthlyBill=4000&state=SC&taxRate=26";
    const page = (await billPageLoader({
      request: new Request(`http://localhost/submit-bill?${new URLSearchParams({ estimate: query })}`),
      params: {},
      context: requestContext("b0"),
    } as unknown as Parameters<typeof billPageLoader>[0])) as unknown as {
      data: { estimate: { query: string; stateName: string; monthlyBill: number } | null };
      init: { headers: Record<string, string> };
    };
    expect(page.data.estimate).toEqual({ query, stateName: "South Carolina", monthlyBill: 4000 });
    expect(page.init.headers["Cache-Control"]).toBe("private, no-store");

    const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "bills-estimate-"));
    useBillStorage(new LocalBillStorage(uploads));
    try {
      const form = new FormData();
      const fields = {
        businessName: "Palmetto Cold Storage",
        contactPerson: "Sam Reyes",
        email: "sam@palmetto.example",
      };
      for (const [key, value] of Object.entries({ ...fields, estimate: query })) form.set(key, value);
      const pdf = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(4000, 32), Buffer.from("\n%%EOF\n")]);
      form.set("file", new File([new Uint8Array(pdf)], "bill.pdf", { type: "application/pdf" }));
      const response = (await billAction(
        new Request("http://localhost/submit-bill", { method: "POST", body: form }),
        requestContext(`b1-${target.name}`),
      )) as Response;
      expect(response.status).toBe(302);
      const [row] = await handle.db
        .select()
        .from(leadSubmissions)
        .where(eq(leadSubmissions.email, "sam@palmetto.example"));
      expect(row?.estimate?.query).toBe(query);
      expect(row?.estimate?.stateName).toBe("South Carolina");
      expect(row?.estimate?.result.stateIncentives.counted[0]?.capPerYear).toBe(3500);
      const { rows } = await leadsAfter(handle.db, { q: "sam@palmetto", kind: "bill", status: null }, undefined, 10);
      expect(rows[0]?.estimate?.query).toBe(query);
      // A malformed estimate never costs the bill: the lead is stored without one.
      form.set("email", "kim@palmetto.example");
      form.set("estimate", "monthlyBill=abc");
      await billAction(
        new Request("http://localhost/submit-bill", { method: "POST", body: form }),
        requestContext(`b2-${target.name}`),
      );
      const [plain] = await handle.db
        .select()
        .from(leadSubmissions)
        .where(eq(leadSubmissions.email, "kim@palmetto.example"));
      expect(plain).toBeDefined();
      expect(plain?.estimate).toBeNull();
    } finally {
      useBillStorage(undefined);
      fs.rmSync(uploads, { recursive: true, force: true });
    }
  });

  it("a bad name or address gets the guide form's messages and stores nothing", async () => {
    const answer = await send({ ...INPUTS, name: "R", email: "not-an-address" }, `e2-${target.name}`);
    expect(answer).not.toBeInstanceOf(Response);
    const refused = answer as { data: { errors: Record<string, string> }; init: { status: number } };
    expect(refused.init.status).toBe(400);
    expect(refused.data.errors).toEqual({
      name: "Name must be between 2 and 50 characters.",
      email: "Please enter a valid email address.",
    });
    expect(await handle.db.select().from(leads).where(eq(leads.email, "not-an-address"))).toEqual([]);
  });

  it("inputs that give no estimate (a state without a price, mocked) store nothing", async () => {
    const answer = await send(
      { monthlyBill: "2500", state: "WY", name: "Wes Ranch", email: "wes@ranch.example" },
      `e3-${target.name}`,
    );
    expect(answer).not.toBeInstanceOf(Response);
    expect(await handle.db.select().from(leads).where(eq(leads.email, "wes@ranch.example"))).toEqual([]);
  });
});
