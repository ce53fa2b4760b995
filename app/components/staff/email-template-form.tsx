import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "react-router";
import { useToastFrom } from "~/components/staff/staff-toasts";
import { Field, Input, Textarea } from "~/components/ui/form";
import { LEAD_EMAIL_BODY_MAX, type LeadEmailTemplate, leadEmailSchema } from "~/lib/lead-email";
import { formatAdminDate } from "~/lib/lead-workspace";
import type { ToastMessage } from "~/lib/toast";

export type TemplateAnswer = { toast?: ToastMessage; result?: SubmissionResult<string[]> };

const primary = "min-h-11 rounded-lg bg-navy-800 px-4 font-semibold text-white hover:bg-navy-700";
const secondary =
  "min-h-11 rounded-lg border border-slate-300 bg-white px-4 font-semibold text-navy-800 hover:bg-slate-50";

export function EmailTemplateForm({ template, timeZone }: { template: LeadEmailTemplate; timeZone: string }) {
  const fetcher = useFetcher<TemplateAnswer>();
  useToastFrom(fetcher.data?.toast);
  const [form, fields] = useForm({
    // A new id after each save or restore: the fields show what is stored now.
    id: `template-${template.id}-${template.edited?.at ?? "built-in"}`,
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    defaultValue: { subject: template.subject, body: template.body },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: leadEmailSchema }),
  });
  const busy = fetcher.state !== "idle";
  return (
    <section
      aria-labelledby={`template-${template.id}`}
      className="mt-6 rounded-xl border border-slate-200 bg-white p-5"
      data-testid="email-template"
    >
      <h2 id={`template-${template.id}`} className="text-lg font-semibold text-navy-900">
        {template.label}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {template.edited
          ? `Edited by ${template.edited.by} on ${formatAdminDate(template.edited.at, timeZone)}.`
          : "The built-in text."}
      </p>
      <fetcher.Form method="post" {...getFormProps(form)} className="mt-3 space-y-3">
        <input type="hidden" name="id" value={template.id} />
        <Field id={fields.subject.id} label="Subject" error={fields.subject.errors?.[0]} required>
          {(aria) => <Input {...getInputProps(fields.subject, { type: "text" })} {...aria} maxLength={200} />}
        </Field>
        <Field id={fields.body.id} label="Message" error={fields.body.errors?.[0]} required>
          {(aria) => <Textarea {...getTextareaProps(fields.body)} {...aria} rows={9} maxLength={LEAD_EMAIL_BODY_MAX} />}
        </Field>
        <div className="flex flex-wrap gap-2">
          <button type="submit" name="intent" value="save" className={primary} disabled={busy}>
            Save template
          </button>
          {template.edited ? (
            <button type="submit" name="intent" value="reset" className={secondary} disabled={busy} formNoValidate>
              Restore the built-in text
            </button>
          ) : null}
        </div>
      </fetcher.Form>
    </section>
  );
}
