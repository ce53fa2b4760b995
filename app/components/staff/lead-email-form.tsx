import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { Form, Link, useFetcher, useSubmit } from "react-router";
import { useToastFrom } from "~/components/staff/staff-toasts";
import { Field, Input, Select, Textarea } from "~/components/ui/form";
import { LEAD_EMAIL_BODY_MAX, leadEmailSchema } from "~/lib/lead-email";
import { formatAdminDate } from "~/lib/lead-workspace";
import type { ToastMessage } from "~/lib/toast";

/** `askAgain`: this subject went out minutes ago; the form asks before sending it twice. */
export type EmailAnswer = { toast?: ToastMessage; result?: SubmissionResult<string[]>; askAgain?: string };

const saveClass = "min-h-11 rounded-lg bg-navy-800 px-4 font-semibold text-white hover:bg-navy-700";

/**
 * A template fills the subject and message via GET, so it works without JavaScript. Replies reach
 * the staff member who wrote it.
 */
export function LeadEmailSection({
  from,
  to,
  template,
  draft,
  footer,
  templates,
  unsubscribedAt,
  timeZone,
}: {
  from: string;
  to: string;
  /** Sending is off when the address unsubscribed. */
  unsubscribedAt: string | null;
  timeZone: string;
  templates: { id: string; label: string }[];
  template: string | null;
  draft: { subject: string; body: string } | null;
  footer: string;
}) {
  const fetcher = useFetcher<EmailAnswer>();
  const submit = useSubmit();
  useToastFrom(fetcher.data?.toast);
  const [subject, setSubject] = useState(draft?.subject ?? "");
  // Another subject is another message, so only this one asks again.
  const askAgain =
    fetcher.state === "idle" && fetcher.data?.askAgain !== undefined && fetcher.data.askAgain === subject.trim();
  const [body, setBody] = useState(draft?.body ?? "");
  const [form, fields] = useForm({
    id: `lead-email-${template ?? "blank"}`,
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    defaultValue: { subject: draft?.subject ?? "", body: draft?.body ?? "" },
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: leadEmailSchema }),
  });
  return (
    <section aria-labelledby="lead-email" className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="lead-email" className="text-lg font-semibold text-navy-900">
        E-mail this lead
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        From {from} to {to}. Replies come to you.{" "}
        <Link to="/admin/mail/templates" className="font-semibold text-navy-800 underline underline-offset-2">
          Edit the templates
        </Link>
      </p>
      {unsubscribedAt ? (
        <p role="note" className="mt-3 rounded-lg border border-amber-400 bg-amber-50 p-3 font-medium text-navy-900">
          Unsubscribed on {formatAdminDate(unsubscribedAt, timeZone)}: this address gets no e-mail from us, so sending
          is off.
        </p>
      ) : null}
      <Form method="get" replace preventScrollReset className="mt-3 flex flex-wrap items-end gap-2">
        <div className="grow">
          <label htmlFor="lead-email-template" className="block font-medium text-navy-900">
            Start from
          </label>
          <Select
            id="lead-email-template"
            name="template"
            defaultValue={template ?? ""}
            onChange={(event) => submit(event.currentTarget.form, { replace: true, preventScrollReset: true })}
          >
            <option value="">A blank message</option>
            {templates.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </Select>
        </div>
        <noscript>
          <button type="submit" className={saveClass}>
            Use
          </button>
        </noscript>
      </Form>
      <fetcher.Form method="post" {...getFormProps(form)} className="mt-3 space-y-3">
        <input type="hidden" name="intent" value="email" />
        <Field id={fields.subject.id} label="Subject" error={fields.subject.errors?.[0]} required>
          {(aria) => (
            <Input
              {...getInputProps(fields.subject, { type: "text" })}
              {...aria}
              data-shortcut="e"
              maxLength={200}
              onChange={(event) => setSubject(event.currentTarget.value)}
            />
          )}
        </Field>
        <Field id={fields.body.id} label="Message" error={fields.body.errors?.[0]} required>
          {(aria) => (
            <Textarea
              {...getTextareaProps(fields.body)}
              {...aria}
              rows={10}
              maxLength={LEAD_EMAIL_BODY_MAX}
              onChange={(event) => setBody(event.currentTarget.value)}
            />
          )}
        </Field>
        <details className="rounded-lg bg-slate-50 p-3">
          <summary className="min-h-11 cursor-pointer py-2 font-medium text-navy-800">Preview</summary>
          <pre className="whitespace-pre-wrap break-words font-sans text-sm text-slate-900" data-testid="email-preview">
            {`${body}\n\n--\n${footer}`}
          </pre>
        </details>
        {askAgain ? (
          <p role="alert" className="rounded-lg border border-amber-400 bg-amber-50 p-3 font-medium text-navy-900">
            {form.errors?.[0]}
            <input type="hidden" name="again" value="1" />
          </p>
        ) : null}
        <button type="submit" disabled={fetcher.state !== "idle" || unsubscribedAt !== null} className={saveClass}>
          {fetcher.state !== "idle" ? "Sending..." : askAgain ? "Send again" : "Send e-mail"}
        </button>
      </fetcher.Form>
    </section>
  );
}
