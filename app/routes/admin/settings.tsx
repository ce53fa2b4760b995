import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { type BusinessDetailsAnswer, BusinessDetailsForm } from "~/components/staff/business-details-form";
import { BUSINESS_FIELD_LABELS, businessDetailsSchema, placeholderFields } from "~/lib/business-details";
import { noStoreHeaders } from "~/lib/cache-headers";
import { formatAdminDate } from "~/lib/lead-workspace";
import { pageMeta } from "~/lib/seo";
import { recordStaffAudit } from "~/server/audit/staff-audit.server";
import { staffContext } from "~/server/auth/staff-guard.server";
import { getConfig } from "~/server/config.server";
import { readSmallFormData } from "~/server/forms.server";
import { database } from "~/server/request-context.server";
import {
  BUSINESS_KEY,
  readStoredBusinessDetails,
  saveBusinessDetails,
} from "~/server/settings/business-details.server";
import { PLAIN_STAFF_FORM_LIMITS, staffFormProblem } from "~/server/staff-form-limits.server";
import type { Route } from "./+types/settings";

export const headers = noStoreHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Business details", description: "Staff area.", noindex: true });
}

export async function loader({ context }: Route.LoaderArgs) {
  const { details, saved } = await readStoredBusinessDetails(await database(context));
  return { details, saved, placeholders: placeholderFields(details), timeZone: getConfig().SITE_TIME_ZONE };
}

/** Admins only (the section's middleware); refreshes every page. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readSmallFormData(request);
  const problem = staffFormProblem(form, PLAIN_STAFF_FORM_LIMITS);
  if (problem) {
    return data<BusinessDetailsAnswer>(
      { toast: { title: "Nothing was changed", description: problem, variant: "destructive" } },
      { status: 400 },
    );
  }
  const submission = parseWithZod(form, { schema: businessDetailsSchema });
  if (submission.status !== "success")
    return data<BusinessDetailsAnswer>({ result: submission.reply() }, { status: 400 });
  const me = context.get(staffContext);
  const saved = await saveBusinessDetails(await database(context), submission.value, { id: me.id, name: me.name });
  if (!saved.ok) return data<BusinessDetailsAnswer>({ result: submission.reply() }, { status: 400 });
  await recordStaffAudit(context, { action: "settings.changed", subject: BUSINESS_KEY });
  return {
    result: submission.reply(),
    toast: { title: "Saved", description: "Every page, PDF and e-mail now shows these details.", variant: "success" },
  } satisfies BusinessDetailsAnswer;
}

export default function BusinessSettings({ loaderData }: Route.ComponentProps) {
  const { details, saved, placeholders, timeZone } = loaderData;
  return (
    <div>
      <h1 className="text-3xl font-bold text-navy-900">Business details</h1>
      <p className="mt-2 max-w-2xl text-slate-700">
        The contact details and disclosure every public page, PDF and visitor e-mail shows.{" "}
        {saved
          ? `Last saved ${formatAdminDate(saved.at, timeZone)} by ${saved.by}.`
          : "Never saved: the built-in placeholders are shown."}
      </p>
      {placeholders.length ? (
        <p
          role="status"
          data-testid="placeholder-warning"
          className="mt-4 max-w-2xl rounded-lg border border-red-300 bg-red-50 p-3 text-red-900"
        >
          Still placeholders, shown to every visitor:{" "}
          {placeholders.map((field) => BUSINESS_FIELD_LABELS[field]).join(", ")}.
        </p>
      ) : null}
      <BusinessDetailsForm details={details} />
    </div>
  );
}
