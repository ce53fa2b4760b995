import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtInBusinessDetails } from "~/content/business";
import { PRIVATE_NO_STORE } from "~/lib/cache-headers";
import { headers as shellHeaders, loader as shellLoader } from "~/routes/public-shell";
import { loader as readyz } from "~/routes/readyz";
import { resetReadinessForTests } from "~/server/cluster/readiness.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import { useDatabaseForTests } from "~/server/db/db.server";
import { emailOutbox, siteSettings, user } from "~/server/db/schema";
import { getHtmlCache } from "~/server/html-cache.server";
import { deliverDueEmails } from "~/server/mail/outbox.server";
import { createMailSender } from "~/server/mail/outbox-message.server";
import { requestContext } from "~/server/request-context.server";
import {
  businessDetails,
  businessPlaceholders,
  promisedReplyHours,
  readBusinessDetails,
  saveBusinessDetails,
} from "~/server/settings/business-details.server";
import { closedDatabase, dbTargets, openMigrated } from "./db-targets";
import { contextArgs } from "./staff-action";

const FIRM = {
  email: "hello@sunvalleyadvisors.com",
  phone: "(602) 555-2143",
  address: "2 N Central Ave, Phoenix, AZ 85004",
  bookingUrl: "https://calendly.com/sunvalley/consultation",
  marketplaceDisclosure: "We are paid by installers for qualified introductions; our advice is free to you.",
  replyHours: 48,
};
const admin = { id: "admin-settings", name: "Ada Admin" };

/** One record of the firm's details, read by every page, PDF and visitor e-mail. */
describe.each(dbTargets)("business details on $name", (target) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openMigrated(target);
    useDatabaseForTests(handle);
    await handle.db.insert(user).values({ ...admin, email: "ada-settings@example.com" });
    getHtmlCache().clear();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("are the built-in placeholders until an admin saves them, and /readyz says so", async () => {
    expect(await readBusinessDetails(handle.db)).toEqual(builtInBusinessDetails);
    expect(await businessPlaceholders()).toEqual(["email", "phone", "address", "bookingUrl"]);
    resetReadinessForTests();
    const report = (await (await readyz(contextArgs())).json()) as { ok: boolean; businessDetails?: string };
    expect(report).toMatchObject({ ok: true, businessDetails: "placeholders: email, phone, address, bookingUrl" });
  });

  it("refuse bad input with each field's message and store nothing", async () => {
    const refused = await saveBusinessDetails(
      handle.db,
      { ...FIRM, email: "nope", bookingUrl: "https://calendly.com/" },
      admin,
    );
    expect(refused).toMatchObject({ ok: false, errors: { email: expect.any(String), bookingUrl: expect.any(String) } });
    expect(await handle.db.select().from(siteSettings)).toEqual([]);
  });

  it("once saved, are what pages and the visitor's e-mail show at once (the cached copy is dropped)", async () => {
    expect((await businessDetails()).email).toBe(builtInBusinessDetails.email);
    expect(await saveBusinessDetails(handle.db, FIRM, admin)).toMatchObject({ ok: true });
    expect(await businessDetails()).toEqual(FIRM);
    expect(await businessPlaceholders()).toEqual([]);
    // The staff area's "waiting" tile and badge follow the promise: 48 hours here, not 24.
    expect(await promisedReplyHours()).toBe(48);

    await handle.db.insert(emailOutbox).values({
      formType: "Lead Generation",
      template: "guide-delivery",
      subject: "Your free guide",
      toAddress: "owner@farm.example",
      formData: {},
    });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mail-business-"));
    try {
      const sender = createMailSender({ from: "site@example.com", captureDir: dir, siteUrl: "https://solar.example" });
      await deliverDueEmails(handle.db, sender, { giveUpAfterMs: 86_400_000 });
      const eml = fs
        .readdirSync(dir)
        .map((name) => fs.readFileSync(path.join(dir, name), "utf8"))
        .join("\n");
      expect(eml).toContain("To: owner@farm.example");
      expect(eml).toContain("hello@sunvalleyadvisors.com");
      expect(eml).toContain("(602) 555-2143");
      // A reply reaches the firm, whatever address the mail is sent from.
      expect(eml).toContain("Reply-To: hello@sunvalleyadvisors.com");
      expect(eml).not.toContain(builtInBusinessDetails.email);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a stored field the form would refuse gives way to the built-in one, the others stand", async () => {
    await handle.db.update(siteSettings).set({ values: { ...FIRM, phone: "call us" } });
    getHtmlCache().clear();
    expect(await businessDetails()).toEqual({ ...FIRM, phone: builtInBusinessDetails.phone });
    // A record saved before the reply time existed keeps the built-in promise; one saved empty, none.
    const { replyHours: _unset, ...older } = FIRM;
    await handle.db.update(siteSettings).set({ values: older });
    getHtmlCache().clear();
    expect((await businessDetails()).replyHours).toBe(builtInBusinessDetails.replyHours);
    await handle.db.update(siteSettings).set({ values: { ...older, replyHours: null } });
    getHtmlCache().clear();
    expect((await businessDetails()).replyHours).toBeNull();
  });

  it("the layout shows what is stored on a page any cache may keep", async () => {
    await handle.db.update(siteSettings).set({ values: FIRM });
    getHtmlCache().clear();
    const answer = await loadRoot();
    expect(answer.business).toEqual(FIRM);
    expect(answer.cacheControl).toBeNull();
  });
});

type RootAnswer = { business: unknown; cacheControl: string | null };

/** The public shell's data and the Cache-Control its `headers` export gives the page. */
async function loadRoot(): Promise<RootAnswer> {
  const request = new Request("http://localhost/about");
  const result = (await shellLoader({ request, params: {}, context: requestContext("203.0.113.1") } as never)) as
    | { business: unknown }
    | { data: { business: unknown }; init: { headers: HeadersInit } };
  const loaderHeaders = new Headers("init" in result ? result.init.headers : undefined);
  const pageHeaders = new Headers(shellHeaders({ loaderHeaders, errorHeaders: undefined } as never));
  return {
    business: "init" in result ? result.data.business : result.business,
    cacheControl: pageHeaders.get("Cache-Control"),
  };
}

/** Read failed: the built-in details stand in, and the page is one response no cache may keep. */
describe("the layout while the business details cannot be read", () => {
  it("shows the built-in details on a private, never-stored page", async () => {
    useDatabaseForTests(closedDatabase());
    const answer = await loadRoot();
    expect(answer.business).toEqual(builtInBusinessDetails);
    expect(answer.cacheControl).toBe(PRIVATE_NO_STORE);
  });
});
