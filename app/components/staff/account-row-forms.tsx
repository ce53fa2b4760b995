import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { useToastFrom } from "~/components/staff/staff-toasts";
import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from "~/lib/staff-messages";
import type { ToastMessage } from "~/lib/toast";

/** The role picker's values: a staff role, or `none` (the account keeps its sign-in, no access). */
const ROLE_CHOICES = [...STAFF_ROLES, "none"] as const;
type RoleChoice = (typeof ROLE_CHOICES)[number];

/** One account's role: a select and Save, a plain form post that the fetcher sends in place. */
export function RoleForm({ userId, email, role }: { userId: string; email: string; role: StaffRole | null }) {
  const fetcher = useFetcher<{ toast?: ToastMessage }>();
  useToastFrom(fetcher.data?.toast);
  // Each answer resets the select to the stored role (a refused change must not stay on screen).
  const [answers, setAnswers] = useState(0);
  useEffect(() => {
    if (fetcher.data) setAnswers((n) => n + 1);
  }, [fetcher.data]);
  const selectId = `role-${userId}`;
  return (
    <fetcher.Form method="post" className="flex items-center gap-2">
      <input type="hidden" name="userId" value={userId} />
      <label htmlFor={selectId} className="sr-only">
        Role for {email}
      </label>
      <select
        key={`${role ?? "none"}-${answers}`}
        id={selectId}
        name="role"
        defaultValue={role ?? "none"}
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
    </fetcher.Form>
  );
}

const ACCOUNT_BUTTONS = { "end-sessions": "Sign out everywhere", disable: "Disable", enable: "Enable" } as const;

/** Signs an account out on every device at once (a lost laptop), or disables it (someone leaving). */
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
