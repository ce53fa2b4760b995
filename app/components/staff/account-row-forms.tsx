import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { useToastFrom } from "~/components/staff/staff-toasts";
import { ROLE_LABELS, type StaffRole } from "~/lib/staff-messages";
import type { ToastMessage } from "~/lib/toast";
import { ROLE_CHOICES, type RoleChoice, roleChoiceSchema } from "~/lib/validation/staff-forms";

export type RoleAnswer = { toast?: ToastMessage; result?: SubmissionResult<string[]> };

export function RoleForm({ userId, email, role }: { userId: string; email: string; role: StaffRole | null }) {
  const fetcher = useFetcher<RoleAnswer>();
  useToastFrom(fetcher.data?.toast);
  const [form, fields] = useForm({
    id: `role-${userId}`,
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: roleChoiceSchema }),
  });
  // Each answer resets the select to the stored role, so a refused change does not stay on screen.
  const [answers, setAnswers] = useState(0);
  useEffect(() => {
    if (fetcher.data) setAnswers((n) => n + 1);
  }, [fetcher.data]);
  const error = fields.role.errors?.[0];
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="userId" value={userId} />
      <label htmlFor={fields.role.id} className="sr-only">
        Role for {email}
      </label>
      <select
        key={`${role ?? "none"}-${answers}`}
        id={fields.role.id}
        name={fields.role.name}
        defaultValue={role ?? "none"}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? fields.role.errorId : undefined}
        className="min-h-11 rounded-lg border border-slate-300 bg-white px-2 text-navy-900"
      >
        {ROLE_CHOICES.map((choice: RoleChoice) => (
          <option key={choice} value={choice}>
            {ROLE_LABELS[choice]}
          </option>
        ))}
      </select>
      <button
        type="submit"
        disabled={fetcher.state !== "idle"}
        className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-3 font-semibold text-navy-900 hover:bg-slate-100"
      >
        Save role
        <span className="sr-only"> for {email}</span>
      </button>
      {error ? (
        <p id={fields.role.errorId} className="w-full text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

const ACCOUNT_BUTTONS = { "end-sessions": "Sign out everywhere", disable: "Disable", enable: "Enable" } as const;

export function AccountButton({
  intent,
  userId,
  email,
}: {
  intent: keyof typeof ACCOUNT_BUTTONS;
  userId: string;
  email: string;
}) {
  const fetcher = useFetcher<{ toast?: ToastMessage }>();
  useToastFrom(fetcher.data?.toast);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="userId" value={userId} />
      <button
        type="submit"
        disabled={fetcher.state !== "idle"}
        className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-3 font-semibold text-navy-900 hover:bg-slate-100"
      >
        {ACCOUNT_BUTTONS[intent]}
        <span className="sr-only"> {email}</span>
      </button>
    </fetcher.Form>
  );
}

export function RotationToggle({ userId, email, on }: { userId: string; email: string; on: boolean }) {
  const fetcher = useFetcher<{ toast?: ToastMessage }>();
  useToastFrom(fetcher.data?.toast);
  const pending = fetcher.formData?.get("on");
  const shown = pending === undefined ? on : pending === "1";
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="rotation" />
      <input type="hidden" name="userId" value={userId} />
      <input type="hidden" name="on" value={shown ? "0" : "1"} />
      <button
        type="submit"
        aria-pressed={shown}
        className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-3 font-semibold text-navy-900 hover:bg-slate-100"
      >
        {shown ? "Takes new leads" : "No new leads"}
        <span className="sr-only"> ({email}; press to change)</span>
      </button>
    </fetcher.Form>
  );
}
