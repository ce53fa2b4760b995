import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft } from "lucide-react";
import { data, Link } from "react-router";
import { EmailTemplateForm, type TemplateAnswer } from "~/components/staff/email-template-form";
import { noStoreHeaders } from "~/lib/cache-headers";
import { leadEmailSchema } from "~/lib/lead-email";
import { pageMeta } from "~/lib/seo";
import { recordStaffAudit } from "~/server/audit/staff-audit.server";
import { staffContext } from "~/server/auth/staff-guard.server";
import { getConfig } from "~/server/config.server";
import { readSmallFormData } from "~/server/forms.server";
import { database } from "~/server/request-context.server";
import {
  isTemplateId,
  leadEmailTemplates,
  resetLeadEmailTemplate,
  saveLeadEmailTemplate,
} from "~/server/settings/lead-email-templates.server";
import { PLAIN_STAFF_FORM_LIMITS, staffFormProblem } from "~/server/staff-form-limits.server";
import type { Route } from "./+types/email-templates";

export const headers = noStoreHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "E-mail templates", description: "Staff area.", noindex: true });
}

export async function loader({ context }: Route.LoaderArgs) {
  return { templates: await leadEmailTemplates(await database(context)), timeZone: getConfig().SITE_TIME_ZONE };
}

/** Admins only (the section's middleware). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readSmallFormData(request);
  const problem = staffFormProblem(form, PLAIN_STAFF_FORM_LIMITS);
  const refused = (title: string, description?: string, status = 400) =>
    data<TemplateAnswer>({ toast: { title, description, variant: "destructive" } }, { status });
  if (problem) return refused("Nothing was changed", problem);
  const id = form.get("id");
  if (!isTemplateId(id)) return refused("No such template", undefined, 404);
  const db = await database(context);
  const me = context.get(staffContext);
  if (form.get("intent") === "reset") {
    await resetLeadEmailTemplate(db, id);
    await recordStaffAudit(context, { action: "email-template.changed", subject: `${id} (built-in text)` });
    return { toast: { title: "Built-in text restored", variant: "success" } } satisfies TemplateAnswer;
  }
  const submission = parseWithZod(form, { schema: leadEmailSchema });
  if (submission.status !== "success") return data<TemplateAnswer>({ result: submission.reply() }, { status: 400 });
  await saveLeadEmailTemplate(db, id, submission.value, { id: me.id, name: me.name || me.email });
  await recordStaffAudit(context, { action: "email-template.changed", subject: id });
  return {
    result: submission.reply(),
    toast: { title: "Template saved", description: "Every lead page starts from it now.", variant: "success" },
  } satisfies TemplateAnswer;
}

export default function EmailTemplates({ loaderData }: Route.ComponentProps) {
  return (
    <div className="max-w-3xl">
      <Link
        to="/admin/mail"
        className="inline-flex min-h-11 items-center gap-1 font-semibold text-navy-800 underline underline-offset-4"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to mail
      </Link>
      <h1 className="mt-2 text-3xl font-bold text-navy-900">E-mail templates</h1>
      <p className="mt-2 text-slate-700">
        The starting points of "E-mail this lead" on every lead page, edited there before each message is sent.{" "}
        <code>{"{{name}}"}</code>, <code>{"{{business}}"}</code>, <code>{"{{me}}"}</code> and <code>{"{{firm}}"}</code>{" "}
        are filled in from the lead, the person writing (their name from My account) and the site;{" "}
        <code>{"{{signature}}"}</code> is the writer's signature from My account, or their name if they have none. The
        firm's details and an unsubscribe link are added below every message.
      </p>
      {loaderData.templates.map((template) => (
        <EmailTemplateForm key={template.id} template={template} timeZone={loaderData.timeZone} />
      ))}
    </div>
  );
}
