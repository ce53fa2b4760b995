import { getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { useToastFrom } from "~/components/staff/staff-toasts";
import { TableHead } from "~/components/staff/table-head";
import { Field, Input, Select } from "~/components/ui/form";
import { formatAdminDate } from "~/lib/lead-workspace";
import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from "~/lib/staff-messages";
import type { ToastMessage } from "~/lib/toast";
import { INVITATION_DAYS, invitationSchema } from "~/lib/validation/invitation";

export type InvitationAnswer = { toast?: ToastMessage; result?: SubmissionResult<string[]> };

const buttonClass =
  "inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-3 font-semibold text-navy-900 hover:bg-slate-100";

export function InviteForm() {
  const fetcher = useFetcher<InvitationAnswer>();
  useToastFrom(fetcher.data?.toast);
  const [form, fields] = useForm({
    id: "invite",
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    defaultValue: { role: "editor" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: invitationSchema }),
  });
  const sent = fetcher.state === "idle" && fetcher.data?.result?.status === "success";
  useEffect(() => {
    if (sent) form.reset();
  }, [sent, form.reset]);
  return (
    <section aria-labelledby="invite-title" className="mt-8 rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="invite-title" className="text-xl font-semibold text-navy-900">
        Invite a colleague
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        They get a link by e-mail, valid {INVITATION_DAYS} days and once, to choose a password. Their account is
        confirmed and has the role at once.
      </p>
      <fetcher.Form method="post" {...getFormProps(form)} className="mt-4 flex flex-wrap items-end gap-4">
        <input type="hidden" name="intent" value="invite" />
        <Field id={fields.email.id} label="Colleague's e-mail" error={fields.email.errors?.[0]} className="min-w-64">
          {(aria) => (
            <Input {...getInputProps(fields.email, { type: "email" })} {...aria} autoComplete="off" maxLength={254} />
          )}
        </Field>
        <Field id={fields.role.id} label="Role" error={fields.role.errors?.[0]}>
          {(aria) => (
            <Select {...getSelectProps(fields.role)} {...aria}>
              {STAFF_ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABELS[role]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <button type="submit" disabled={fetcher.state !== "idle"} className={buttonClass}>
          {fetcher.state === "idle" ? "Send invitation" : "Sending..."}
        </button>
      </fetcher.Form>
    </section>
  );
}

type Pending = { id: string; email: string; role: StaffRole; invitedBy: string; expiresAt: string };

export function PendingInvitations({ invitations, timeZone }: { invitations: Pending[]; timeZone: string }) {
  if (invitations.length === 0) return null;
  return (
    <section aria-labelledby="pending-title" className="mt-6">
      <h2 id="pending-title" className="text-xl font-semibold text-navy-900">
        Invitations waiting
      </h2>
      <div className="relative mt-3 overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Invitations not yet accepted</caption>
          <TableHead headings={["Email", "Role", "Invited by", "Link works until", ""]} />
          <tbody>
            {invitations.map((row) => (
              <tr key={row.id} className="border-t border-slate-200">
                <td className="px-3 py-2">{row.email}</td>
                <td className="px-3 py-2">{ROLE_LABELS[row.role]}</td>
                <td className="px-3 py-2">{row.invitedBy}</td>
                <td className="px-3 py-2 tabular">{formatAdminDate(row.expiresAt, timeZone)}</td>
                <td className="px-3 py-2">
                  <WithdrawButton id={row.id} email={row.email} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function WithdrawButton({ id, email }: { id: string; email: string }) {
  const fetcher = useFetcher<InvitationAnswer>();
  useToastFrom(fetcher.data?.toast);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="revoke-invitation" />
      <input type="hidden" name="invitationId" value={id} />
      <button type="submit" disabled={fetcher.state !== "idle"} className={buttonClass}>
        Withdraw
        <span className="sr-only"> the invitation to {email}</span>
      </button>
    </fetcher.Form>
  );
}
