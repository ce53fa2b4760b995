import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "react-router";
import { useToastFrom } from "~/components/staff/staff-toasts";
import { buttonClasses } from "~/components/ui/button";
import { Field, Input, Textarea } from "~/components/ui/form";
import type { ToastMessage } from "~/lib/toast";
import { SIGNATURE_MAX, staffProfileSchema } from "~/lib/validation/staff-forms";

export type ProfileAnswer = { toast?: ToastMessage; result?: SubmissionResult<string[]> };

/** Its own fetcher, so the password form beside it never shows this form's answer. */
export function StaffProfileForm({ name, signature }: { name: string; signature: string | null }) {
  const fetcher = useFetcher<ProfileAnswer>();
  useToastFrom(fetcher.data?.toast);
  const [form, fields] = useForm({
    id: "staff-profile",
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    defaultValue: { name, signature: signature ?? "" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: staffProfileSchema }),
  });
  const busy = fetcher.state !== "idle";
  return (
    <section aria-labelledby="profile-title" className="mt-8 max-w-md">
      <h2 id="profile-title" className="text-xl font-bold text-navy-900">
        Name and signature
      </h2>
      <fetcher.Form method="post" {...getFormProps(form)} className="mt-3 space-y-5">
        <input type="hidden" name="intent" value="profile" />
        <Field
          id={fields.name.id}
          label="Your name"
          hint="What colleagues see, and the sender's name on your e-mails to leads."
          error={fields.name.errors?.[0]}
          required
        >
          {(aria) => (
            <Input {...getInputProps(fields.name, { type: "text" })} {...aria} autoComplete="name" maxLength={80} />
          )}
        </Field>
        <Field
          id={fields.signature.id}
          label="E-mail signature"
          hint={`Closes your e-mails to leads under "Best regards," in place of your name, so start it with your name. Leave it empty to sign with your name.`}
          error={fields.signature.errors?.[0]}
        >
          {(aria) => <Textarea {...getTextareaProps(fields.signature)} {...aria} rows={4} maxLength={SIGNATURE_MAX} />}
        </Field>
        <button type="submit" disabled={busy} className={buttonClasses("primary", "md")}>
          {busy ? "Saving..." : "Save name and signature"}
        </button>
      </fetcher.Form>
    </section>
  );
}
