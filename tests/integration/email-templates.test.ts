import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as templatesAction, loader as templatesLoader } from "~/routes/admin/email-templates";
import { loader as leadLoader } from "~/routes/admin/lead";
import { createStaffAccount } from "~/server/auth/accounts.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import { closeDb, useDatabaseForTests } from "~/server/db/db.server";
import { auditEvents, user } from "~/server/db/schema";
import { storeBillSubmission } from "~/server/leads/lead-store.server";
import { dbTargets, openMigrated } from "./db-targets";
import { adminContextOf, answerOf, contextArgs, formPost, ORIGIN } from "./staff-action";

/** The lead page's templates are the team's to edit, and back to the built-in text. */

describe.each(dbTargets)("editable e-mail templates on $name", (target) => {
  let handle: DatabaseHandle;
  let adminId = "";
  beforeAll(async () => {
    handle = await openMigrated(target);
    useDatabaseForTests(handle);
    await createStaffAccount(handle.db, { email: "tpl@owners.example", password: "Templates!pass1234" });
    adminId =
      (await handle.db.select({ id: user.id }).from(user).where(eq(user.email, "tpl@owners.example")))[0]?.id ?? "";
  });
  afterAll(async () => {
    await closeDb();
  });

  const context = () => adminContextOf({ id: adminId, email: "tpl@owners.example", name: "Tess" }, "203.0.113.80");
  const act = (fields: Record<string, string>) =>
    answerOf(() =>
      templatesAction({
        request: formPost(`/admin/mail/templates`, fields),
        params: {},
        context: context(),
      } as never),
    );

  it("a saved template fills every lead page's draft; a bad one changes nothing; restore brings the built-in text", async () => {
    const id = await storeBillSubmission(
      handle.db,
      { businessName: "Template Farm", contactName: "Theo", email: "theo@tpl.example" },
      { formType: "Solar Assessment", subject: "s", to: "staff@example.com", formData: () => ({}) },
    );
    const draft = async () =>
      (
        await leadLoader({
          request: new Request(`${ORIGIN}/admin/leads/bill/${id}?template=follow-up`),
          params: { kind: "bill", id },
          context: context(),
        } as never)
      ).email.draft;
    expect((await draft())?.subject).toBe("Following up on solar for Template Farm");

    expect(await act({ intent: "save", id: "follow-up", subject: "", body: "x" })).toMatchObject({
      status: 400,
      data: { result: { error: { subject: ["Write a subject."] } } },
    });
    expect((await act({ intent: "save", id: "no-such", subject: "a", body: "b" })).status).toBe(404);
    expect(
      await act({
        intent: "save",
        id: "follow-up",
        subject: "Checking in, {{name}}",
        body: "Hi {{name}} at {{business}},\n\n{{me}}",
      }),
    ).toMatchObject({ status: 200, data: { toast: { title: "Template saved" } } });
    expect(await draft()).toMatchObject({ subject: "Checking in, Theo", body: "Hi Theo at Template Farm,\n\nTess" });
    const listed = (await templatesLoader(contextArgs())).templates.find((template) => template.id === "follow-up");
    expect(listed?.edited?.by).toBe("Tess");

    expect((await act({ intent: "reset", id: "follow-up" })).data).toMatchObject({
      toast: { title: "Built-in text restored" },
    });
    expect((await draft())?.subject).toBe("Following up on solar for Template Farm");
    const audited = await handle.db.select().from(auditEvents).where(eq(auditEvents.action, "email-template.changed"));
    expect(audited).toHaveLength(2);
  });
});
