import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "~/server/db/client.server";
import { useDatabaseForTests } from "~/server/db/db.server";
import { emailOutbox, leads } from "~/server/db/schema";
import { consultationAction, guideAction } from "~/server/leads/lead-actions.server";
import { log } from "~/server/log.server";
import { requestContext } from "~/server/request-context.server";
import { closedDatabase, dbTargets, openMigrated } from "./db-targets";

const post = (fields: Record<string, string>, referer = "http://localhost/talk-to-solar-advisor") =>
  new Request("http://localhost/talk-to-solar-advisor", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Referer: referer },
    body: new URLSearchParams(fields).toString(),
  });

type State = {
  data: { toast: { title: string; description: string }; values: Record<string, string> };
  init: { status: number };
};

describe.each(dbTargets)("lead form actions on $name", (target) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openMigrated(target);
    useDatabaseForTests(handle);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("stores a consultation with its attribution and queues the staff e-mail", async () => {
    const response = (await consultationAction(
      post({
        name: "Ann Grower",
        email: "ann@farm.example",
        industry: "agriculture",
        utm_source: "newsletter",
        utm_campaign: "fall",
      }),
      requestContext(`c-${target.name}`),
      { kind: "page" },
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/thank-you");
    const [lead] = await handle.db.select().from(leads).where(eq(leads.email, "ann@farm.example"));
    expect(lead).toMatchObject({
      kind: "consultation",
      industry: "agriculture",
      sourcePage: "/talk-to-solar-advisor",
      utmSource: "newsletter",
      utmCampaign: "fall",
    });
    const jobs = await handle.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.leadId, lead?.id ?? ""));
    expect(jobs.map((job) => job.subject)).toEqual(["New Solar Advisor Consultation Request"]);
  });

  it("a consultation sent from a calculator result carries the estimate, remade by the server; a malformed one is left out", async () => {
    const response = (await consultationAction(
      post({
        name: "Cal Culated",
        email: "cal@estimate.example",
        estimate: "monthlyBill=3000&state=VT&owner=tax-exempt",
        // A posted figure is never read: only the inputs.
        systemKw: "9999",
      }),
      requestContext(`e-${target.name}`),
      { kind: "page" },
    )) as Response;
    expect(response.status).toBe(302);
    const [lead] = await handle.db.select().from(leads).where(eq(leads.email, "cal@estimate.example"));
    expect(lead?.kind).toBe("consultation");
    expect(lead?.estimate).toMatchObject({
      stateName: "Vermont",
      monthlyBill: 3000,
      query: "monthlyBill=3000&state=VT&owner=tax-exempt",
      result: { status: "ok" },
    });
    expect(lead?.estimate?.result.systemKwDc.value).toBeLessThan(1000);
    const [job] = await handle.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.leadId, lead?.id ?? ""));
    expect((job?.formData as Record<string, string> | undefined)?.estimate).toMatch(
      /\/solar-calculator\?monthlyBill=3000&state=VT&owner=tax-exempt$/,
    );

    await consultationAction(
      post({ name: "Mal Formed", email: "mal@estimate.example", estimate: "monthlyBill=abc&state=ZZ" }),
      requestContext(`e-${target.name}`),
      { kind: "page" },
    );
    const [plain] = await handle.db.select().from(leads).where(eq(leads.email, "mal@estimate.example"));
    expect(plain).toMatchObject({ kind: "consultation", estimate: null });
  });

  it("a consultation sent from a quote check carries the check, remade by the server, into the lead and the staff e-mail", async () => {
    await consultationAction(
      post({
        name: "Quinn Quote",
        email: "quinn@quote.example",
        quote: "state=TX&kw=200&cost=600000&kwh=360000",
        // A posted verdict is never read: only the inputs.
        flags: "0",
      }),
      requestContext(`q-${target.name}`),
      { kind: "page" },
    );
    const [lead] = await handle.db.select().from(leads).where(eq(leads.email, "quinn@quote.example"));
    expect(lead?.quoteCheck).toMatchObject({
      stateName: "Texas",
      flags: 2,
      query: "state=TX&kw=200&cost=600000&kwh=360000",
    });
    expect(lead?.quoteCheck?.lines.find((line) => line.id === "price")?.verdict).toBe("flag");
    const [job] = await handle.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.leadId, lead?.id ?? ""));
    const text = (job?.formData as Record<string, string> | undefined)?.quoteCheck ?? "";
    expect(text).toMatch(/^2 of the proposal's lines flagged \(Texas, /);
    expect(text).toContain("Price per watt: $3.00/W vs $1.92/W.");
    expect(text).toMatch(/\/check-my-quote\?state=TX&kw=200&cost=600000&kwh=360000$/);
  });

  it("takes UTM parameters from the form's page when the hidden fields are empty (no JavaScript)", async () => {
    await consultationAction(
      post(
        { name: "Noel", email: "noel@farm.example" },
        "http://localhost/talk-to-solar-advisor?utm_source=radio&utm_medium=ad",
      ),
      requestContext(`c-${target.name}`),
      { kind: "page" },
    );
    const [lead] = await handle.db.select().from(leads).where(eq(leads.email, "noel@farm.example"));
    expect(lead).toMatchObject({
      utmSource: "radio",
      utmMedium: "ad",
      sourcePage: "/talk-to-solar-advisor?utm_source=radio&utm_medium=ad",
    });
  });

  it("uses the industry page's subject and returns to that page", async () => {
    const response = (await consultationAction(
      post({ name: "Ben", email: "ben@wash.example", industryType: "automotive" }, "http://localhost/car-wash"),
      requestContext(`c-${target.name}`),
      { kind: "industry", returnTo: "/car-wash" },
    )) as Response;
    expect(response.headers.get("Location")).toBe("/car-wash#assessment");
    const [lead] = await handle.db.select().from(leads).where(eq(leads.email, "ben@wash.example"));
    expect(lead?.industry).toBe("automotive");
    const [job] = await handle.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.leadId, lead?.id ?? ""));
    expect(job?.subject).toBe("New Solar Questions Form Submission");
  });

  it("queues the staff notice and the visitor's guide for a guide request", async () => {
    const response = (await guideAction(
      post({
        name: " <Cara> ",
        email: "cara@hoa.example",
        industryType: "hoa",
        state: "texas",
        solarReadiness: "quotes",
      }),
      requestContext(`g-${target.name}`),
    )) as Response;
    expect(response.status).toBe(302);
    const [lead] = await handle.db.select().from(leads).where(eq(leads.email, "cara@hoa.example"));
    expect(lead).toMatchObject({ kind: "guide", name: "Cara", state: "texas", solarReadiness: "quotes" });
    const jobs = await handle.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.leadId, lead?.id ?? ""));
    expect(jobs.map((job) => [job.template, job.toAddress]).sort()).toEqual([
      ["guide-delivery", "cara@hoa.example"],
      ["staff-notification", "leads@localhost"],
    ]);
    // The copy to the typed address holds nothing typed; the staff e-mail holds everything.
    expect(jobs.find((job) => job.template === "guide-delivery")?.formData).toEqual({});
    expect(jobs.find((job) => job.template === "staff-notification")?.formData).toMatchObject({
      name: "Cara",
      email: "cara@hoa.example",
    });
  });

  it("sends one address at most GUIDE_MAILS_PER_RECIPIENT_PER_DAY guides; further requests are stored and staff told", async () => {
    const warn = vi.spyOn(log, "warn");
    const addresses = ["Repeat@Guide.example", "repeat@guide.example", " REPEAT@guide.example", "repeat@GUIDE.example"];
    for (const [i, email] of addresses.entries()) {
      // A new client address each time: the per-address form limit is not what is tested here.
      const response = (await guideAction(
        post({ name: `Visitor ${"abcd"[i]}`, email, industryType: "hoa" }),
        requestContext(`198.51.100.${i + 1}`),
      )) as Response;
      expect(response.status).toBe(302);
    }
    const stored = await handle.db.select().from(leads).where(sql`lower(${leads.email}) = 'repeat@guide.example'`);
    expect(stored).toHaveLength(4);
    const ids = stored.map((lead) => lead.id);
    const jobs = await handle.db.select().from(emailOutbox).where(inArray(emailOutbox.leadId, ids));
    expect(jobs.filter((job) => job.template === "guide-delivery")).toHaveLength(3);
    const staff = jobs.filter((job) => job.template === "staff-notification");
    expect(staff).toHaveLength(4);
    const told = staff.filter((job) => typeof job.formData.guideEmail === "string");
    expect(told).toHaveLength(1);
    expect(String(told[0]?.formData.guideEmail)).toMatch(/^Not sent: .*3 guide e-mails/);
    // The lead without a copy is the last one; the log names it, with the address masked.
    const last = stored.find((lead) => lead.name === "Visitor d");
    expect(told[0]?.leadId).toBe(last?.id);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ leadId: last?.id, to: "r…@GUIDE.example" }),
      expect.stringContaining("guide e-mail was not queued"),
    );
    warn.mockRestore();
  });

  it("refuses a missing name or email with the page's own words, storing nothing", async () => {
    const before = (await handle.db.select().from(leads)).length;
    const page = (await consultationAction(post({ name: "", email: "x@y.io" }), requestContext(`m-${target.name}`), {
      kind: "page",
    })) as unknown as State;
    expect(page.init.status).toBe(400);
    expect(page.data.toast).toMatchObject({
      title: "Missing information",
      description: "Please fill out name and email fields.",
    });
    expect(page.data.values.email).toBe("x@y.io");
    const industry = (await consultationAction(post({ name: "Al" }), requestContext(`m-${target.name}`), {
      kind: "industry",
      returnTo: "/farms",
    })) as unknown as State;
    expect(industry.data.toast.description).toBe("Please fill in your name and email.");
    expect(await handle.db.select().from(leads)).toHaveLength(before);
  });

  it("drops a submission whose honeypot is filled, as if it succeeded", async () => {
    const before = (await handle.db.select().from(leads)).length;
    const response = (await guideAction(
      post({ name: "Bot", email: "bot@spam.example", industryType: "other", hp_zx7: "http://spam.example" }),
      requestContext(`h-${target.name}`),
    )) as Response;
    expect(response.headers.get("Location")).toBe("/thank-you");
    expect(await handle.db.select().from(leads)).toHaveLength(before);
  });

  it("answers 429 with a clear message once a client passes the limit, keeping what was typed", async () => {
    const ip = requestContext(`flood-${target.name}`);
    for (let i = 0; i < 30; i++) {
      await guideAction(post({ name: "Ok", email: `ok${i}@x.example`, industryType: "other" }), ip);
    }
    const refused = (await guideAction(
      post({ name: "Late", email: "late@x.example", industryType: "other" }),
      ip,
    )) as unknown as State;
    expect(refused.init.status).toBe(429);
    expect(refused.data.toast.description).toContain("Too many submissions");
    expect(refused.data.values.name).toBe("Late");
    expect(await handle.db.select().from(leads).where(eq(leads.email, "late@x.example"))).toHaveLength(0);
  });
});

describe("lead form actions when the database fails", () => {
  it("answer 500 with the spec's Submission failed toasts, keep what was typed, and log", async () => {
    const broken = closedDatabase();
    useDatabaseForTests(broken);
    const error = vi.spyOn(log, "error").mockImplementation(() => {});
    try {
      const page = (await consultationAction(
        post({ name: "Dana", email: "dana@clinic.example", question: "Roof age?" }),
        requestContext("db-down"),
        { kind: "page" },
      )) as unknown as State;
      expect(page.init.status).toBe(500);
      expect(page.data.toast).toMatchObject({
        title: "Submission failed",
        description: "There was an error submitting your consultation request. Please try again.",
      });
      expect(page.data.values).toMatchObject({ name: "Dana", email: "dana@clinic.example", question: "Roof age?" });

      const industry = (await consultationAction(
        post({ name: "Dana", email: "dana@clinic.example" }),
        requestContext("db-down"),
        { kind: "industry", returnTo: "/hospitals" },
      )) as unknown as State;
      expect(industry.data.toast.description).toBe("There was an error submitting your request. Please try again.");

      const guide = (await guideAction(
        post({ name: "Dana", email: "dana@clinic.example", industryType: "healthcare" }),
        requestContext("db-down"),
      )) as unknown as State;
      expect(guide.init.status).toBe(500);
      expect(guide.data.toast.description).toBe("There was an error submitting your information. Please try again.");
      expect(error).toHaveBeenCalled();
    } finally {
      error.mockRestore();
    }
  });
});
