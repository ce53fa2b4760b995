import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "react-router";
import { useToastFrom } from "~/components/staff/staff-toasts";
import { buttonClasses } from "~/components/ui/button";
import { Select } from "~/components/ui/form";
import { LEAD_STATUS_LABELS, LEAD_STATUSES } from "~/lib/lead-workspace";
import type { ToastMessage } from "~/lib/toast";
import { bulkAssignSchema } from "~/lib/validation/staff-forms";

export type OwnerChoice = { id: string; name: string };
export type AssignAnswer = { toast?: ToastMessage; result?: SubmissionResult<string[]> };

/** Each row's checkbox joins it with `form=`, so it works without JavaScript. */
export const BULK_ASSIGN_FORM = "bulk-assign";

export function OwnerSelect({
  id,
  name = "ownerId",
  staff,
  defaultValue,
  label,
}: {
  id: string;
  name?: string;
  staff: OwnerChoice[];
  defaultValue: string;
  label: string;
}) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Select id={id} name={name} defaultValue={defaultValue} className="w-auto">
        <option value="">Nobody (unassigned)</option>
        {staff.map((member) => (
          <option key={member.id} value={member.id}>
            {member.name}
          </option>
        ))}
      </Select>
    </>
  );
}

/** A done action resets the form, which clears the ticks of the rows that belong to it. */
function BulkButton({ intent, busy, children }: { intent: string; busy: boolean; children: string }) {
  return (
    <button type="submit" name="intent" value={intent} disabled={busy} className={buttonClasses("secondary", "md")}>
      {children}
    </button>
  );
}

export function BulkAssignForm({ staff, spamView = false }: { staff: OwnerChoice[]; spamView?: boolean }) {
  const fetcher = useFetcher<AssignAnswer>();
  useToastFrom(fetcher.data?.toast);
  const [form, fields] = useForm({
    id: BULK_ASSIGN_FORM,
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: bulkAssignSchema }),
  });
  const error = fields.lead.errors?.[0] ?? fields.ownerId.errors?.[0];
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="mt-3 flex flex-wrap items-center gap-2">
      {spamView ? null : (
        <>
          <span aria-hidden="true" className="text-sm font-medium text-navy-900">
            Assign selected to
          </span>
          <OwnerSelect id="bulk-owner" staff={staff} defaultValue="" label="Assign selected to" />
          {/* The first button: Enter in the form assigns. */}
          <BulkButton intent="assign" busy={fetcher.state !== "idle"}>
            Assign
          </BulkButton>
          <label htmlFor="bulk-status" className="text-sm font-medium text-navy-900">
            Set status
          </label>
          <Select id="bulk-status" name="status" defaultValue="" className="w-auto">
            <option value="">Choose…</option>
            {LEAD_STATUSES.map((value) => (
              <option key={value} value={value}>
                {LEAD_STATUS_LABELS[value]}
              </option>
            ))}
          </Select>
          <BulkButton intent="status" busy={fetcher.state !== "idle"}>
            Set status
          </BulkButton>
          <label htmlFor="bulk-next-step" className="text-sm font-medium text-navy-900">
            Next step on
          </label>
          <input
            id="bulk-next-step"
            type="date"
            name="on"
            className="min-h-11 rounded-lg border border-slate-400 px-3"
          />
          <BulkButton intent="next-step" busy={fetcher.state !== "idle"}>
            Set next step
          </BulkButton>
        </>
      )}
      <button
        type="submit"
        name="intent"
        value={spamView ? "not-spam" : "spam"}
        disabled={fetcher.state !== "idle"}
        className={buttonClasses("outline", "md")}
      >
        {spamView ? "Not spam" : "Mark selected as spam"}
      </button>
      {error ? (
        <p id={fields.lead.errorId} role="alert" className="w-full text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
