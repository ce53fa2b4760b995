import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as leadAction, loader as leadLoader } from "~/routes/admin/lead";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/unsubscribe";
import { createStaffAccount } from "~/server/auth/accounts.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import { closeDb, useDatabaseForTests } from "~/server/db/db.server";
import { emailOutbox, emailSuppressions, user } from "~/server/db/schema";
import { storeBillSubmission } from "~/server/leads/lead-store.server";
import { deliverDueEmails } from "~/server/mail/outbox.server";
import { createMailSender } from "~/server/mail/outbox-message.server";
import { unsubscribeUrl, verifiedAddress } from "~/server/mail/unsubscribe.server";
import { dbTargets, openMigrated } from "./db-targets";
import { adminContextOf, answerOf, contextOf, formPost, ORIGIN } from "./staff-action";

/**
 * A staff member's e-mail to a lead carries a way out (a footer link and the
 * one-click List-Unsubscribe headers); the link's token is bound to the address; once used,
 * the lead page sends nothing more to it.
 */

describe.each(dbTargets)("unsubscribing from the lead page's e-mails on $name", (target) => {
  let handle: DatabaseHandle;
  let adminId = "";
  beforeAll(async () => {
    handle = await openMigrated(target);
    useDatabaseForTests(handle);
    await createStaffAccount(handle.db, { email: "unsub@owners.example", password: "Unsub!pass1234" });
    adminId =
      (await handle.db.select({ id: user.id }).from(user).where(eq(user.email, "unsub@owners.example")))[0]?.id ?? "";
  });
  afterAll(async () => {
    await closeDb();
  });

  it("a footer link and one-click headers; the token fits one address; afterwards nothing is sent", async () => {
    const id = await storeBillSubmission(
      handle.db,
      { businessName: "Quiet Farm", contactName: "Quinn", email: "Quinn@Quiet.example" },
      { formType: "Solar Assessment", subject: "s", to: "staff@example.com", formData: () => ({}) },
    );
    const context = adminContextOf({ id: adminId, email: "unsub@owners.example", name: "Una" }, "203.0.113.70");
    const send = (subject: string) =>
      answerOf(() =>
        leadAction({
          request: formPost(`/admin/leads/bill/${id}`, { intent: "email", subject, body: "Hello Quinn" }),
          params: { kind: "bill", id },
          context,
        } as never),
      );
    expect((await send("First")).status).toBe(200);

    // The message: the link in its footer and the headers a mail client's button uses.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mail-unsub-"));
    const link = await unsubscribeUrl(handle.db, "https://solar.example", "Quinn@Quiet.example");
    try {
      await handle.db.update(emailOutbox).set({ status: "sent" }).where(sql`template <> 'lead-message'`);
      const sender = createMailSender({ from: "site@example.com", captureDir: dir, siteUrl: "https://solar.example" });
      await deliverDueEmails(handle.db, sender, { giveUpAfterMs: 86_400_000 });
      const eml = fs
        .readdirSync(dir)
        .map((name) => fs.readFileSync(path.join(dir, name), "utf8"))
        .join("\n")
        .replace(/=\r?\n/g, "")
        .replace(/\r?\n[ \t]+/g, " ");
      expect(eml).toContain(`List-Unsubscribe: <${link}>`);
      expect(eml).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
      expect(eml).toContain(`No more e-mails from us: ${link.replace(/=/g, "=3D")}`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }

    // The token is bound to the address: another address with it, or a changed token, is refused.
    const url = new URL(link);
    const e = url.searchParams.get("e");
    const t = url.searchParams.get("t") ?? "";
    expect(await verifiedAddress(handle.db, e, t)).toBe("quinn@quiet.example");
    expect(await verifiedAddress(handle.db, Buffer.from("other@quiet.example").toString("base64url"), t)).toBeNull();
    expect(await verifiedAddress(handle.db, e, `${t.slice(0, -1)}${t.endsWith("A") ? "B" : "A"}`)).toBeNull();
    const forged = await answerOf(() =>
      unsubscribeAction({
        request: new Request(
          `${ORIGIN}/unsubscribe?e=${Buffer.from("other@quiet.example").toString("base64url")}&t=${t}`,
          {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded" },
            body: "List-Unsubscribe=One-Click",
          },
        ),
        context: contextOf(handle),
      } as never),
    );
    expect(forged.status).toBe(400);

    // Opening the page changes nothing; the mail client's one-click POST (no Origin) does.
    const opened = await answerOf(() =>
      unsubscribeLoader({
        request: new Request(`${ORIGIN}/unsubscribe${url.search}`),
        context: contextOf(handle),
      } as never),
    );
    expect(opened.data).toMatchObject({ state: "ask", shown: "q…@quiet.example" });
    expect(await handle.db.select().from(emailSuppressions)).toEqual([]);
    const clicked = await answerOf(() =>
      unsubscribeAction({
        request: new Request(`${ORIGIN}/unsubscribe${url.search}`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: "List-Unsubscribe=One-Click",
        }),
        context: contextOf(handle),
      } as never),
    );
    expect(clicked).toMatchObject({ status: 200, data: { state: "done" } });
    expect((await handle.db.select().from(emailSuppressions)).map((row) => [row.email, row.reason])).toEqual([
      ["quinn@quiet.example", "unsubscribed"],
    ]);

    const refused = await send("Second");
    expect(refused).toMatchObject({
      status: 409,
      data: {
        toast: { title: "Not sent", description: "This address has unsubscribed from our e-mails: nothing was sent." },
      },
    });
    expect(await handle.db.select().from(emailOutbox).where(eq(emailOutbox.subject, "Second"))).toEqual([]);
    // The lead page says so before anyone writes (its form's Send is then off).
    const page = (await leadLoader({
      request: new Request(`${ORIGIN}/admin/leads/bill/${id}`),
      params: { kind: "bill", id },
      context,
    } as never)) as { email: { unsubscribedAt: string | null } };
    expect(page.email.unsubscribedAt).toEqual(expect.any(String));
  });
});
