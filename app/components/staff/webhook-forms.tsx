import { getCollectionProps, getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "react-router";
import { useToastFrom } from "~/components/staff/staff-toasts";
import { Field, Input } from "~/components/ui/form";
import type { ToastMessage } from "~/lib/toast";
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, webhookSchema } from "~/lib/webhooks";

export type WebhookAnswer = { toast?: ToastMessage; result?: SubmissionResult<string[]> };

export function AddWebhookForm() {
  const fetcher = useFetcher<WebhookAnswer>();
  useToastFrom(fetcher.data?.toast);
  const [form, fields] = useForm({
    id: "add-webhook",
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    defaultValue: { events: [...WEBHOOK_EVENTS] },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: webhookSchema }),
  });
  const eventsError = fields.events.errors?.[0];
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="mt-4 max-w-2xl space-y-5">
      <input type="hidden" name="intent" value="add" />
      <Field
        id={fields.url.id}
        label="Address to post to"
        hint="https:// (http:// only for localhost), not a private network address. Slack, Zapier, Make or your CRM give you one."
        error={fields.url.errors?.[0]}
        required
      >
        {(aria) => <Input {...getInputProps(fields.url, { type: "url" })} {...aria} maxLength={2000} />}
      </Field>
      <Field id={fields.description.id} label="What it is for" error={fields.description.errors?.[0]}>
        {(aria) => <Input {...getInputProps(fields.description, { type: "text" })} {...aria} maxLength={200} />}
      </Field>
      <fieldset aria-describedby={eventsError ? `${fields.events.id}-error` : undefined}>
        <legend className="font-medium text-navy-900">Events</legend>
        <div className="mt-2 flex flex-wrap gap-4">
          {getCollectionProps(fields.events, {
            type: "checkbox",
            options: [...WEBHOOK_EVENTS],
          }).map((props) => (
            <label key={props.key} className="inline-flex min-h-11 items-center gap-2">
              <input {...props} key={undefined} className="size-5" />
              {WEBHOOK_EVENT_LABELS[props.value as (typeof WEBHOOK_EVENTS)[number]]}
            </label>
          ))}
        </div>
        {eventsError ? (
          <p id={`${fields.events.id}-error`} className="text-sm font-medium text-red-700">
            {eventsError}
          </p>
        ) : null}
      </fieldset>
      <button
        type="submit"
        disabled={fetcher.state !== "idle"}
        className="inline-flex min-h-11 items-center rounded-lg bg-navy-900 px-5 font-semibold text-white hover:bg-navy-800"
      >
        {fetcher.state === "idle" ? "Add webhook" : "Adding..."}
      </button>
    </fetcher.Form>
  );
}
