import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { useToastFrom } from "~/components/staff/staff-toasts";
import { Field, Input, Select, Textarea } from "~/components/ui/form";
import {
  ACTIVITY_KIND_LABELS,
  ACTIVITY_KINDS,
  ACTIVITY_OUTCOMES,
  type ActivityKind,
  isActivityKind,
  NEXT_STEP_CHOICES,
} from "~/lib/lead-activity";
import {
  formatAdminDay,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  type LeadStatus,
  NEXT_STEP_MAX,
} from "~/lib/lead-workspace";
import type { ToastMessage } from "~/lib/toast";
import { leadActivitySchema, NOTE_MAX } from "~/lib/validation/staff-forms";

export type NoteAnswer = { toast?: ToastMessage; result?: SubmissionResult<string[]> };

const pill =
  "relative inline-flex min-h-11 cursor-pointer items-center rounded-lg border border-slate-300 px-3 font-medium text-slate-800 has-[:checked]:border-navy-800 has-[:checked]:bg-navy-800 has-[:checked]:text-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-sun-500";

function Choices({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: readonly { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-1 font-medium text-slate-900">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label key={option.value} className={pill}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              // Over the whole pill, unseen: the pill is what is drawn, the radio what is clicked.
              className="absolute inset-0 cursor-pointer opacity-0"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** One save records the activity, the status and the next step as one timeline entry. */
export function LeadActivityForm({
  status,
  nextStepOn,
  nextStep,
}: {
  status: LeadStatus;
  nextStepOn: string | null;
  nextStep: string | null;
}) {
  const fetcher = useFetcher<NoteAnswer>();
  useToastFrom(fetcher.data?.toast);
  const [kind, setKind] = useState<ActivityKind>("call");
  const [outcome, setOutcome] = useState("");
  const [next, setNext] = useState("keep");
  const [form, fields] = useForm({
    id: "lead-activity",
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: leadActivitySchema }),
  });
  const busy = fetcher.state !== "idle";
  // conform's reset clears the text.
  const saved = fetcher.state === "idle" && fetcher.data?.toast?.variant === "success";
  useEffect(() => {
    if (!saved) return;
    setOutcome("");
    setNext("keep");
  }, [saved]);
  const outcomes = Object.entries(ACTIVITY_OUTCOMES[kind]).map(([value, label]) => ({ value, label }));
  return (
    <section aria-labelledby="lead-activity-heading" className="mt-6 rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="lead-activity-heading" className="text-lg font-semibold text-navy-900">
        Log activity
      </h2>
      <fetcher.Form
        method="post"
        {...getFormProps(form)}
        className="mt-3 space-y-4"
        onKeyDown={(event) => {
          if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            event.currentTarget.requestSubmit();
          }
        }}
      >
        <input type="hidden" name="intent" value="note" />
        <Choices
          legend="Type"
          name="kind"
          options={ACTIVITY_KINDS.map((value) => ({ value, label: ACTIVITY_KIND_LABELS[value] }))}
          value={kind}
          onChange={(value) => {
            if (isActivityKind(value)) setKind(value);
            setOutcome("");
          }}
        />
        {outcomes.length ? (
          <Choices legend="Outcome" name="outcome" options={outcomes} value={outcome} onChange={setOutcome} />
        ) : null}
        <Field id={fields.body.id} label="What happened" error={fields.body.errors?.[0]}>
          {(aria) => <Textarea {...getTextareaProps(fields.body)} {...aria} rows={3} maxLength={NOTE_MAX} />}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={fields.status.id} label="Status">
            {(aria) => (
              // Keyed by the stored values: a change saved elsewhere shows here, a half-written text stays.
              <Select {...getSelectProps(fields.status)} key={status} defaultValue={status} {...aria}>
                {LEAD_STATUSES.map((value) => (
                  <option key={value} value={value}>
                    {LEAD_STATUS_LABELS[value]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field id={fields.nextTask.id} label="Next step task" error={fields.nextTask.errors?.[0]}>
            {(aria) => (
              <Input
                {...getInputProps(fields.nextTask, { type: "text" })}
                key={nextStep ?? ""}
                defaultValue={nextStep ?? ""}
                {...aria}
                maxLength={NEXT_STEP_MAX}
                placeholder="Send the proposal"
              />
            )}
          </Field>
        </div>
        <Choices
          legend={`Next step${nextStepOn ? ` (now ${formatAdminDay(nextStepOn)})` : ""}`}
          name="next"
          options={NEXT_STEP_CHOICES}
          value={next}
          onChange={setNext}
        />
        <Field id={fields.nextOn.id} label="Next step day" error={fields.nextOn.errors?.[0]} className="max-w-xs">
          {(aria) => (
            <Input {...getInputProps(fields.nextOn, { type: "date" })} {...aria} onChange={() => setNext("date")} />
          )}
        </Field>
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="submit"
            disabled={busy}
            className="min-h-11 rounded-lg bg-navy-800 px-4 font-semibold text-white hover:bg-navy-700"
          >
            {busy ? "Saving..." : "Save activity"}
          </button>
          <span className="text-sm text-slate-600">or Ctrl+Enter</span>
        </div>
      </fetcher.Form>
    </section>
  );
}
