import { getFormProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "react-router";
import { useToastFrom } from "~/components/staff/staff-toasts";
import { Field, Textarea } from "~/components/ui/form";
import type { ToastMessage } from "~/lib/toast";
import { leadNoteSchema, NOTE_MAX } from "~/lib/validation/staff-forms";

export type NoteAnswer = { toast?: ToastMessage; result?: SubmissionResult<string[]> };

/** "Add a note": checked as typed once tried, saved in place; a saved note clears the box. */
export function LeadNoteForm() {
  const fetcher = useFetcher<NoteAnswer>();
  useToastFrom(fetcher.data?.toast);
  const [form, fields] = useForm({
    id: "lead-note",
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: leadNoteSchema }),
  });
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="mt-3 space-y-2">
      <input type="hidden" name="intent" value="note" />
      <Field id={fields.body.id} label="Add a note" error={fields.body.errors?.[0]}>
        {(aria) => <Textarea {...getTextareaProps(fields.body)} {...aria} rows={3} maxLength={NOTE_MAX} />}
      </Field>
      <button
        type="submit"
        disabled={busy}
        className="min-h-11 rounded-lg bg-navy-800 px-4 font-semibold text-white hover:bg-navy-700"
      >
        {busy ? "Saving..." : "Add note"}
      </button>
    </fetcher.Form>
  );
}
