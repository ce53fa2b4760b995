import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "react-router";
import { type OwnerChoice, OwnerSelect } from "~/components/staff/lead-owner-forms";
import { useToastFrom } from "~/components/staff/staff-toasts";
import { buttonClasses } from "~/components/ui/button";
import { Field, Input, Select } from "~/components/ui/form";
import { addDays, type IsoDate } from "~/lib/dates";
import {
  formatAdminDay,
  isLeadStatus,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  type LeadStatus,
  NEXT_STEP_MAX,
} from "~/lib/lead-workspace";
import type { ToastMessage } from "~/lib/toast";
import { nextStepSchema } from "~/lib/validation/staff-forms";

export type LeadAnswer = { toast?: ToastMessage; result?: SubmissionResult<string[]> };

const sectionClass = "rounded-xl border border-slate-200 bg-white p-5";
const saveClass = "min-h-11 rounded-lg bg-navy-800 px-4 font-semibold text-white hover:bg-navy-700";

/** Saved as soon as it changes (a Save button without JavaScript). */
export function LeadStatusSection({ status: stored }: { status: LeadStatus }) {
  const fetcher = useFetcher<LeadAnswer>();
  useToastFrom(fetcher.data?.toast);
  const pending = fetcher.formData?.get("status");
  const status = isLeadStatus(pending) ? pending : stored;
  return (
    <section aria-labelledby="lead-status" className={sectionClass}>
      <h2 id="lead-status" className="text-lg font-semibold text-navy-900">
        Status
      </h2>
      <fetcher.Form method="post" className="mt-3 flex gap-2">
        <input type="hidden" name="intent" value="status" />
        <label htmlFor="lead-status-select" className="sr-only">
          Lead status
        </label>
        <Select
          id="lead-status-select"
          name="status"
          value={status}
          onChange={(event) => fetcher.submit(event.currentTarget.form)}
        >
          {LEAD_STATUSES.map((value) => (
            <option key={value} value={value}>
              {LEAD_STATUS_LABELS[value]}
            </option>
          ))}
        </Select>
        <noscript>
          <button type="submit" className={saveClass}>
            Save
          </button>
        </noscript>
      </fetcher.Form>
    </section>
  );
}

export function LeadOwnerSection({
  ownerId,
  formerOwner = null,
  staff,
}: {
  ownerId: string | null;
  formerOwner?: string | null;
  staff: OwnerChoice[];
}) {
  const fetcher = useFetcher<LeadAnswer>();
  useToastFrom(fetcher.data?.toast);
  return (
    <section aria-labelledby="lead-owner" className={sectionClass}>
      <h2 id="lead-owner" className="text-lg font-semibold text-navy-900">
        Owner
      </h2>
      {formerOwner ? (
        <p className="mt-1 text-sm text-slate-700" data-testid="former-owner">
          Was {formerOwner}, who can no longer own leads: unassigned until someone takes it.
        </p>
      ) : null}
      <fetcher.Form method="post" className="mt-3 flex flex-wrap gap-2">
        <input type="hidden" name="intent" value="assign" />
        {/* A new key after each answer: a refused change does not stay on screen. */}
        <OwnerSelect
          key={`${ownerId}-${fetcher.data ? "answered" : ""}`}
          id="lead-owner-select"
          staff={staff}
          defaultValue={formerOwner ? "" : (ownerId ?? "")}
          label="Lead owner"
        />
        <button type="submit" disabled={fetcher.state !== "idle"} className={saveClass}>
          Save owner
        </button>
      </fetcher.Form>
    </section>
  );
}

/** Days from the site's today. */
const SNOOZES = [
  { days: 1, label: "1 day" },
  { days: 3, label: "3 days" },
  { days: 7, label: "Next week" },
] as const;

export function NextStepSection({ on, task, today }: { on: string | null; task: string | null; today: IsoDate }) {
  const fetcher = useFetcher<LeadAnswer>();
  const clear = useFetcher<LeadAnswer>();
  const snooze = useFetcher<LeadAnswer>();
  useToastFrom(fetcher.data?.toast);
  useToastFrom(clear.data?.toast);
  useToastFrom(snooze.data?.toast);
  const [form, fields] = useForm({
    id: "next-step",
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    defaultValue: { on: on ?? "", task: task ?? "" },
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: nextStepSchema }),
  });
  return (
    <section aria-labelledby="lead-next-step" className={sectionClass}>
      <h2 id="lead-next-step" className="text-lg font-semibold text-navy-900">
        Next step
      </h2>
      <p className="mt-1 text-sm text-slate-700" data-testid="next-step-now">
        {on ? `${formatAdminDay(on)}${task ? `: ${task}` : ""}` : "None planned."}
      </p>
      <fetcher.Form method="post" {...getFormProps(form)} className="mt-3 space-y-3">
        <input type="hidden" name="intent" value="next-step" />
        <Field id={fields.on.id} label="Day" error={fields.on.errors?.[0]} required>
          {(aria) => <Input {...getInputProps(fields.on, { type: "date" })} {...aria} />}
        </Field>
        <Field id={fields.task.id} label="What to do" error={fields.task.errors?.[0]}>
          {(aria) => (
            <Input
              {...getInputProps(fields.task, { type: "text" })}
              {...aria}
              maxLength={NEXT_STEP_MAX}
              placeholder="Call back about the quote"
            />
          )}
        </Field>
        <button type="submit" disabled={fetcher.state !== "idle"} className={saveClass}>
          Save next step
        </button>
      </fetcher.Form>
      {on ? (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <clear.Form method="post">
            <input type="hidden" name="intent" value="clear-next-step" />
            <button type="submit" disabled={clear.state !== "idle"} className={buttonClasses("outline", "md")}>
              Done (clear it)
            </button>
          </clear.Form>
          <span className="text-sm text-slate-700">Snooze:</span>
          {SNOOZES.map(({ days, label }) => (
            <snooze.Form key={days} method="post">
              <input type="hidden" name="intent" value="next-step" />
              <input type="hidden" name="on" value={addDays(today, days)} />
              <input type="hidden" name="task" value={task ?? ""} />
              <button
                type="submit"
                disabled={snooze.state !== "idle"}
                className={buttonClasses("outline", "md")}
                aria-label={`Snooze ${label}: to ${formatAdminDay(addDays(today, days))}`}
              >
                {label}
              </button>
            </snooze.Form>
          ))}
        </div>
      ) : null}
    </section>
  );
}
