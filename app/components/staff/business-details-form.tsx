import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "react-router";
import { useToastFrom } from "~/components/staff/staff-toasts";
import { Field, Input, Textarea } from "~/components/ui/form";
import { BUSINESS_FIELD_LABELS, type BusinessDetails, businessDetailsSchema } from "~/lib/business-details";
import type { ToastMessage } from "~/lib/toast";

export type BusinessDetailsAnswer = { toast?: ToastMessage; result?: SubmissionResult<string[]> };

const HINTS = {
  email: "Shown in the footer and on About; visitors' e-mails and PDFs name it.",
  phone: "As visitors should read it, e.g. (602) 555-0143; the call link is made from it.",
  address: "The mailing address shown in the footer and on About.",
  bookingUrl: "The page where a visitor books a call (e.g. your Calendly event), not the service's home page.",
  marketplaceDisclosure: "Shown at the foot of every page: how the firm is paid.",
  replyHours:
    'The reply time every page promises ("a custom quote within 24 hours"). Leave it empty if the team cannot keep a promise: the pages then name no time.',
} as const;

export function BusinessDetailsForm({ details }: { details: BusinessDetails }) {
  const fetcher = useFetcher<BusinessDetailsAnswer>();
  useToastFrom(fetcher.data?.toast);
  const [form, fields] = useForm({
    id: "business-details",
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    defaultValue: { ...details, replyHours: details.replyHours === null ? "" : String(details.replyHours) },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: businessDetailsSchema }),
  });
  const text = (name: "email" | "phone" | "address" | "bookingUrl", type: "email" | "tel" | "text" | "url") => (
    <Field
      id={fields[name].id}
      label={BUSINESS_FIELD_LABELS[name]}
      hint={HINTS[name]}
      error={fields[name].errors?.[0]}
      required
    >
      {(aria) => (
        <Input {...getInputProps(fields[name], { type })} {...aria} maxLength={name === "bookingUrl" ? 2048 : 254} />
      )}
    </Field>
  );
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="mt-6 max-w-2xl space-y-5">
      {text("email", "email")}
      {text("phone", "tel")}
      {text("address", "text")}
      {text("bookingUrl", "url")}
      <Field
        id={fields.replyHours.id}
        label={BUSINESS_FIELD_LABELS.replyHours}
        hint={HINTS.replyHours}
        error={fields.replyHours.errors?.[0]}
      >
        {(aria) => (
          <Input
            {...getInputProps(fields.replyHours, { type: "number" })}
            {...aria}
            min={1}
            max={168}
            step={1}
            className="w-32"
          />
        )}
      </Field>
      <Field
        id={fields.marketplaceDisclosure.id}
        label={BUSINESS_FIELD_LABELS.marketplaceDisclosure}
        hint={HINTS.marketplaceDisclosure}
        error={fields.marketplaceDisclosure.errors?.[0]}
        required
      >
        {(aria) => <Textarea {...getTextareaProps(fields.marketplaceDisclosure)} {...aria} rows={4} maxLength={600} />}
      </Field>
      <button
        type="submit"
        disabled={fetcher.state !== "idle"}
        className="inline-flex min-h-11 items-center rounded-lg bg-navy-900 px-5 font-semibold text-white hover:bg-navy-800"
      >
        {fetcher.state === "idle" ? "Save business details" : "Saving..."}
      </button>
    </fetcher.Form>
  );
}
