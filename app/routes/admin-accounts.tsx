import { eq } from "drizzle-orm";
import { useEffect, useState } from "react";
import { data, useFetcher } from "react-router";
import { useToastFrom } from "~/components/staff/staff-toasts";
import { TableHead } from "~/components/staff/table-head";
import { noStoreHeaders } from "~/lib/cache-headers";
import { isAccountId } from "~/lib/ids";
import { formatAdminDate } from "~/lib/lead-workspace";
import { pageMeta } from "~/lib/seo";
import { isStaffRole, ROLE_LABELS, STAFF_ROLES, type StaffRole } from "~/lib/staff-messages";
import type { ToastMessage } from "~/lib/toast";
import { recordRoleChange, recordStaffAudit } from "~/server/audit/staff-audit.server";
import { setStaffRole } from "~/server/auth/accounts.server";
import { getRole } from "~/server/auth/session.server";
import { endSessions } from "~/server/auth/sessions.server";
import { staffContext } from "~/server/auth/staff-guard.server";
import { getConfig } from "~/server/config.server";
import { getDb } from "~/server/db/db.server";
import { user } from "~/server/db/schema";
import { readSmallFormData } from "~/server/forms.server";
import { listAccounts } from "~/server/queries/staff-admin.server";
import { PLAIN_STAFF_FORM_LIMITS, staffFormProblem } from "~/server/staff-form-limits.server";
import type { Route } from "./+types/admin-accounts";

export const headers = noStoreHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Accounts", description: "Staff area.", noindex: true });
}

export async function loader({ context }: Route.LoaderArgs) {
  const rows = await listAccounts(await getDb());
  return {
    me: context.get(staffContext).id,
    timeZone: getConfig().SITE_TIME_ZONE,
    accounts: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      role: isStaffRole(row.role) ? row.role : null,
    })),
  };
}

type Result = { toast: ToastMessage };

/** The role picker's values: a staff role, or `none` (the account keeps its sign-in, no access). */
const ROLE_CHOICES = [...STAFF_ROLES, "none"] as const;
type RoleChoice = (typeof ROLE_CHOICES)[number];

/** Give an account the admin or editor role, or none; the last admin cannot remove their own. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readSmallFormData(request);
  const problem = staffFormProblem(form, PLAIN_STAFF_FORM_LIMITS);
  if (problem) {
    return data<Result>(
      { toast: { title: "Nothing was changed", description: problem, variant: "destructive" } },
      { status: 400 },
    );
  }
  const userId = String(form.get("userId") ?? "");
  const choice = String(form.get("role") ?? "");
  if (!userId) return data<Result>({ toast: { title: "No account chosen", variant: "destructive" } }, { status: 400 });
  // Review N9: a NUL or an overlong value went to the database (500); nothing else is an account id.
  if (!isAccountId(userId)) {
    return data<Result>(
      {
        toast: {
          title: "Not an account",
          description: "That is not the id of an account. Reload the page and try again.",
          variant: "destructive",
        },
      },
      { status: 400 },
    );
  }
  const intent = form.get("intent");
  if (intent === "disable" || intent === "enable") {
    const db = await getDb();
    const [account] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
    if (!account) return data<Result>({ toast: { title: "No such account", variant: "destructive" } }, { status: 404 });
    if (intent === "disable" && (userId === context.get(staffContext).id || (await getRole(userId)) === "admin")) {
      const description = "Your own account, or an admin's, cannot be disabled: remove the admin role first.";
      return data<Result>({ toast: { title: "Not disabled", description, variant: "destructive" } }, { status: 409 });
    }
    await db
      .update(user)
      .set({ disabledAt: intent === "disable" ? new Date() : null })
      .where(eq(user.id, userId));
    if (intent === "disable") await endSessions(db, userId, "all");
    await recordStaffAudit(context, {
      action: intent === "disable" ? "account.disabled" : "account.enabled",
      subject: account.email,
    });
    return {
      toast: { title: intent === "disable" ? "Account disabled" : "Account enabled", variant: "success" },
    } satisfies Result;
  }
  if (intent === "end-sessions") {
    const db = await getDb();
    const [account] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
    if (!account) return data<Result>({ toast: { title: "No such account", variant: "destructive" } }, { status: 404 });
    const ended = await endSessions(db, userId, "all");
    await recordStaffAudit(context, {
      action: "session.revoked",
      subject: account.email,
      details: { sessions: ended },
    });
    const title = ended === 1 ? "1 session signed out" : `${ended} sessions signed out`;
    return { toast: { title, variant: "success" } } satisfies Result;
  }
  if (choice !== "none" && !isStaffRole(choice)) {
    return data<Result>({ toast: { title: "Unknown role", variant: "destructive" } }, { status: 400 });
  }
  const role: StaffRole | null = choice === "none" ? null : choice;
  const outcome = await setStaffRole(await getDb(), userId, role);
  if (!outcome.ok && outcome.reason === "unknown-account") {
    return data<Result>({ toast: { title: "No such account", variant: "destructive" } }, { status: 404 });
  }
  if (!outcome.ok) {
    return data<Result>(
      {
        toast: {
          title: "You are the last admin",
          description: "Give the admin role to someone else before removing your own.",
          variant: "destructive",
        },
      },
      { status: 409 },
    );
  }
  await recordRoleChange(context, userId, role);
  const title = role ? `Role set to ${ROLE_LABELS[role]}` : "Role removed";
  return { toast: { title, variant: "success" } } satisfies Result;
}

/** One account's role: a select and Save, a plain form post that the fetcher sends in place. */
function RoleForm({ userId, email, role }: { userId: string; email: string; role: StaffRole | null }) {
  const fetcher = useFetcher<typeof action>();
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
function AccountButton({
  intent,
  userId,
  email,
}: {
  intent: keyof typeof ACCOUNT_BUTTONS;
  userId: string;
  email: string;
}) {
  const fetcher = useFetcher<typeof action>();
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

export default function AdminAccounts({ loaderData }: Route.ComponentProps) {
  const { accounts, me, timeZone } = loaderData;
  return (
    <>
      <h1 className="text-3xl font-bold text-navy-900">Accounts</h1>
      <p className="mt-1 text-slate-700">
        New accounts confirm their e-mail, then wait here for a role. Admins see leads, bills, mail and accounts and
        edit content; editors edit content only and never see a lead or a bill. No role: no access.
      </p>
      <div className="mt-6 overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Staff accounts</caption>
          <TableHead headings={["Email", "Name", "E-mail confirmed", "Two-factor", "Role", "Created", "", ""]} />
          <tbody>
            {accounts.map((row) => (
              <tr key={row.id} className="border-t border-slate-200">
                <td className="px-3 py-2">
                  {row.email}
                  {row.id === me ? " (you)" : ""}
                  {row.disabled ? <strong className="ml-2 text-red-800">Disabled</strong> : null}
                </td>
                <td className="px-3 py-2">{row.name}</td>
                <td className="px-3 py-2">{row.emailVerified ? "Yes" : "No"}</td>
                <td className="px-3 py-2">{row.twoFactorEnabled ? "On" : "Off"}</td>
                <td className="px-3 py-2">{ROLE_LABELS[row.role ?? "none"]}</td>
                <td className="px-3 py-2 tabular">{formatAdminDate(row.createdAt, timeZone)}</td>
                <td className="px-3 py-2">
                  <RoleForm userId={row.id} email={row.email} role={row.role} />
                </td>
                <td className="px-3 py-2">
                  {row.id === me ? null : (
                    <div className="flex gap-2">
                      {row.disabled ? null : <AccountButton intent="end-sessions" userId={row.id} email={row.email} />}
                      {row.role === "admin" ? null : (
                        <AccountButton intent={row.disabled ? "enable" : "disable"} userId={row.id} email={row.email} />
                      )}
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
