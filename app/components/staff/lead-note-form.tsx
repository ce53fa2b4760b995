import { getFormProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "react-router";
import { useToastFrom } from "~/components/staff/staff-toasts";
import { Field, Textarea } from "~/components/ui/form";
import { formatAdminDate, formatAdminTime } from "~/lib/lead-workspace";
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

type Note = { id: string; authorName: string; body: string; createdAt: string };

/** The lead page's notes: the form, then every note newest first. */
export function LeadNotes({ notes, timeZone }: { notes: Note[]; timeZone: string }) {
  return (
    <section aria-labelledby="lead-notes" className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="lead-notes" className="text-lg font-semibold text-navy-900">
        Notes
      </h2>
      <LeadNoteForm />
      <ol className="mt-4 space-y-3" data-testid="lead-notes">
        {notes.map((note) => (
          <li key={note.id} className="rounded-lg bg-slate-50 p-3">
            <p className="whitespace-pre-wrap break-words text-slate-900">{note.body}</p>
            <p className="mt-1 text-xs text-slate-600">
              {note.authorName} · {formatAdminDate(note.createdAt, timeZone)}{" "}
              {formatAdminTime(note.createdAt, timeZone)}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
