import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as accountAction } from "~/routes/admin/account";
import { action as leadAction, loader as leadLoader } from "~/routes/admin/lead";
import { createStaffAccount } from "~/server/auth/accounts.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import { closeDb, useDatabaseForTests } from "~/server/db/db.server";
import { auditEvents, emailOutbox, user } from "~/server/db/schema";
import { storeBillSubmission } from "~/server/leads/lead-store.server";
import { deliverDueEmails } from "~/server/mail/outbox.server";
import { createMailSender } from "~/server/mail/outbox-message.server";
import { dbTargets, openMigrated } from "./db-targets";
import { adminContextOf, answerOf, formPost, ORIGIN } from "./staff-action";

/**
 * My account's "Name and signature": saved on the signed-in account only, then the name and
 * signature the lead e-mails carry (the template's closing, the From name; the site's address).
 */
const PASSWORD = "Profile!pass1234";

describe.each(dbTargets)("staff name and signature on $name", (target) => {
  let handle: DatabaseHandle;
  const ids = { alex: "", bea: "" };

  beforeAll(async () => {
    handle = await openMigrated(target);
    useDatabaseForTests(handle);
    for (const key of ["alex", "bea"] as const) {
      const email = `${key}@profile.example`;
      await createStaffAccount(handle.db, { email, password: PASSWORD });
      ids[key] = (await handle.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]?.id ?? "";
    }
    await handle.db.update(user).set({ emailSignature: "Bea\nOffice manager" }).where(eq(user.id, ids.bea));
  });
  afterAll(async () => {
    await closeDb();
  });

  /** Alex's request context, with the name the session would now read from the account. */
  const alexContext = async () => {
    const [row] = await handle.db.select({ name: user.name }).from(user).where(eq(user.id, ids.alex));
    return adminContextOf({ id: ids.alex, email: "alex@profile.example", name: row?.name ?? "" }, "203.0.113.90");
  };
  const save = async (fields: Record<string, string>) => {
    const context = await alexContext();
    return answerOf(() =>
      accountAction({
        request: formPost("/admin/account", { intent: "profile", ...fields }),
        params: {},
        context,
      } as never),
    );
  };
  const accounts = async () =>
    Object.fromEntries(
      (await handle.db.select({ id: user.id, name: user.name, signature: user.emailSignature }).from(user)).map(
        (row) => [row.id, { name: row.name, signature: row.signature }],
      ),
    );

  it("refuses a bad name or signature with the schema's message and changes nothing", async () => {
    const before = await accounts();
    for (const [fields, error] of [
      [{ name: "" }, { name: ["Enter your name."] }],
      [{ name: "Alex\u0000" }, { name: ["Your name contains characters that are not allowed. Please retype it."] }],
      [{ name: "Alex", signature: "x".repeat(501) }, { signature: ["Keep the signature under 500 characters."] }],
    ] as const) {
      const refused = await save(fields);
      expect(refused.status).toBe(400);
      expect(refused.data).toMatchObject({ result: { error }, toast: { title: "Nothing was changed" } });
    }
    expect(await accounts()).toEqual(before);
  });

  it("saves the signed-in account's name and signature, never another account's, and audits it", async () => {
    const bea = (await accounts())[ids.bea];
    // A form naming another account changes only the signed-in one: the id is the session's.
    const saved = await save({
      name: "  Alex Rivera ",
      signature: "Alex Rivera\r\nSenior advisor\r\n(415) 210-1078",
      userId: ids.bea,
      id: ids.bea,
    });
    expect(saved).toMatchObject({ status: 200, data: { toast: { title: "Name and signature saved" } } });
    const now = await accounts();
    expect(now[ids.alex]).toEqual({ name: "Alex Rivera", signature: "Alex Rivera\nSenior advisor\n(415) 210-1078" });
    expect(now[ids.bea]).toEqual(bea);
    const [audited] = await handle.db.select().from(auditEvents).where(eq(auditEvents.action, "profile.changed"));
    expect(audited).toMatchObject({
      actorEmail: "alex@profile.example",
      subject: "alex@profile.example",
      details: { name: "Alex Rivera", signature: "set" },
    });
  });

  it("closes the template with the signature and sends under the writer's name at the site's address", async () => {
    const id = await storeBillSubmission(
      handle.db,
      { businessName: "Letter Dairy", contactName: "Lou", email: "lou@dairy.example" },
      { formType: "Solar Assessment", subject: "s", to: "staff@example.com", formData: () => ({}) },
    );
    const page = await leadLoader({
      request: new Request(`${ORIGIN}/admin/leads/bill/${id}?template=first-reply`),
      params: { kind: "bill", id },
      context: await alexContext(),
    } as never);
    expect(page.email.draft?.body).toMatch(/\n\nBest regards,\nAlex Rivera\nSenior advisor\n\(415\) 210-1078$/);
    expect(page.email.from).toBe("Alex Rivera at Commercial Solar Advisors");

    const send = async (name: string) => {
      const context = adminContextOf({ id: ids.alex, email: "alex@profile.example", name }, "203.0.113.90");
      const fields = { intent: "email", subject: `Hello from ${name}`, body: page.email.draft?.body ?? "" };
      return answerOf(() =>
        leadAction({
          request: formPost(`/admin/leads/bill/${id}`, fields),
          params: { kind: "bill", id },
          context,
        } as never),
      );
    };
    expect((await send("Alex Rivera")).status).toBe(200);
    // Quotes, a comma and angle brackets in a name stay in the name: the address is still the site's.
    expect((await send(`O'Neil, "Al" <al@elsewhere.example>`)).status).toBe(200);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mail-profile-"));
    try {
      await handle.db.update(emailOutbox).set({ status: "sent" }).where(sql`template <> 'lead-message'`);
      const from = "Commercial Solar Advisors <no-reply@solar.example>";
      const sender = createMailSender({ from, captureDir: dir, siteUrl: "https://solar.example" });
      await deliverDueEmails(handle.db, sender, { giveUpAfterMs: 86_400_000 });
      const headers = fs
        .readdirSync(dir)
        .map((name) => fs.readFileSync(path.join(dir, name), "utf8"))
        .map((eml) => (eml.split(/\r?\n\r?\n/)[0] ?? "").replace(/\r?\n[ \t]+/g, " "));
      const fromLines = headers.map((header) => /^From: (.*)$/m.exec(header)?.[1]).sort();
      expect(fromLines).toEqual([
        `"O'Neil, \\"Al\\" <al@elsewhere.example> at Commercial Solar Advisors" <no-reply@solar.example>`,
        "Alex Rivera at Commercial Solar Advisors <no-reply@solar.example>",
      ]);
      for (const header of headers) expect(header).toMatch(/^Reply-To: alex@profile\.example$/m);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
