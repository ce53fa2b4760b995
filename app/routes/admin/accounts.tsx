import { parseWithZod } from "@conform-to/zod/v4";
import { eq } from "drizzle-orm";
import { data } from "react-router";
import { AccountButton, type RoleAnswer, RoleForm, RotationToggle } from "~/components/staff/account-row-forms";
import { type InvitationAnswer, InviteForm, PendingInvitations } from "~/components/staff/invitations";
import { TableHead } from "~/components/staff/table-head";
import { site } from "~/content/site";
import { noStoreHeaders } from "~/lib/cache-headers";
import { isAccountId } from "~/lib/ids";
import { formatAdminDate } from "~/lib/lead-workspace";
import { pageMeta } from "~/lib/seo";
import { isStaffRole, ROLE_LABELS, type StaffRole } from "~/lib/staff-messages";
import type { ToastMessage } from "~/lib/toast";
import { invitationSchema } from "~/lib/validation/invitation";
import { roleChoiceSchema } from "~/lib/validation/staff-forms";
import { recordRoleChange, recordStaffAudit } from "~/server/audit/staff-audit.server";
import { setStaffRole } from "~/server/auth/accounts.server";
import { inviteColleague, listPendingInvitations, revokeInvitation } from "~/server/auth/invitations.server";
import { getRole } from "~/server/auth/session.server";
import { endSessions } from "~/server/auth/sessions.server";
import { staffContext } from "~/server/auth/staff-guard.server";
import { getConfig } from "~/server/config.server";
import { user } from "~/server/db/schema";
import { readSmallFormData } from "~/server/forms.server";
import { setRotation } from "~/server/queries/lead-owners.server";
import { listAccounts } from "~/server/queries/staff-admin.server";
import { database } from "~/server/request-context.server";
import { PLAIN_STAFF_FORM_LIMITS, staffFormProblem } from "~/server/staff-form-limits.server";
import type { Route } from "./+types/accounts";

export const headers = noStoreHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Accounts", description: "Staff area.", noindex: true });
}

export async function loader({ context }: Route.LoaderArgs) {
  const db = await database(context);
  const [rows, invitations] = await Promise.all([listAccounts(db), listPendingInvitations(db)]);
  return {
    invitations: invitations.map((row) => ({ ...row, expiresAt: row.expiresAt.toISOString() })),
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

/** The last admin cannot remove their own role. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readSmallFormData(request);
  const problem = staffFormProblem(form, PLAIN_STAFF_FORM_LIMITS);
  if (problem) {
    return data<Result>(
      { toast: { title: "Nothing was changed", description: problem, variant: "destructive" } },
      { status: 400 },
    );
  }
  const intent = form.get("intent");
  if (intent === "invite") return invite(form, context);
  if (intent === "revoke-invitation") return withdrawInvitation(String(form.get("invitationId") ?? ""), context);
  const userId = String(form.get("userId") ?? "");
  if (!userId) return data<Result>({ toast: { title: "No account chosen", variant: "destructive" } }, { status: 400 });
  // A NUL or an overlong value would reach the database (500); nothing else is an account id.
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
  if (intent === "disable" || intent === "enable") {
    const db = await database(context);
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
  if (intent === "rotation") {
    if ((await getRole(userId)) !== "admin") {
      const description = "Only admins see leads, so only they can take new ones.";
      return data<Result>({ toast: { title: "Not changed", description, variant: "destructive" } }, { status: 409 });
    }
    const on = form.get("on") === "1";
    await setRotation(await database(context), userId, on);
    return {
      toast: { title: on ? "Takes new leads in turn" : "Takes no new leads", variant: "success" },
    } satisfies Result;
  }
  if (intent === "end-sessions") {
    const db = await database(context);
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
  const submission = parseWithZod(form, { schema: roleChoiceSchema });
  if (submission.status !== "success") return data<RoleAnswer>({ result: submission.reply() }, { status: 400 });
  const choice = submission.value.role;
  const role: StaffRole | null = choice === "none" ? null : choice;
  const outcome = await setStaffRole(await database(context), userId, role);
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

type Context = Route.ActionArgs["context"];

async function invite(form: FormData, context: Context) {
  const submission = parseWithZod(form, { schema: invitationSchema });
  if (submission.status !== "success") {
    return data<InvitationAnswer>({ result: submission.reply() }, { status: 400 });
  }
  const me = context.get(staffContext);
  const config = getConfig();
  const outcome = await inviteColleague(await database(context), {
    ...submission.value,
    by: { id: me.id, email: me.email },
    siteUrl: config.SITE_URL,
    siteName: site.name,
  });
  if (!outcome.ok) {
    const error =
      outcome.reason === "has-account"
        ? "This address already has a confirmed account: set its role in the table below."
        : "This address has had its account e-mails for today, or the site its hourly allowance. Try again later.";
    return data<InvitationAnswer>(
      { result: submission.reply({ fieldErrors: { email: [error] } }) },
      { status: outcome.reason === "has-account" ? 409 : 429 },
    );
  }
  await recordStaffAudit(context, {
    action: "account.invited",
    subject: submission.value.email,
    details: { role: submission.value.role },
  });
  return {
    result: submission.reply({ resetForm: true }),
    toast: {
      title: "Invitation sent",
      description: `A link is on its way to ${submission.value.email}.`,
      variant: "success",
    },
  } satisfies InvitationAnswer;
}

async function withdrawInvitation(id: string, context: Context) {
  const email = await revokeInvitation(await database(context), id);
  if (!email) {
    const toast = {
      title: "No such invitation",
      description: "It was accepted, withdrawn or has expired.",
      variant: "destructive",
    } as const;
    return data<InvitationAnswer>({ toast }, { status: 404 });
  }
  await recordStaffAudit(context, { action: "invitation.revoked", subject: email });
  return { toast: { title: "Invitation withdrawn", variant: "success" } } satisfies InvitationAnswer;
}

export default function AdminAccounts({ loaderData }: Route.ComponentProps) {
  const { accounts, invitations, me, timeZone } = loaderData;
  return (
    <>
      <h1 className="text-3xl font-bold text-navy-900">Accounts</h1>
      <p className="mt-1 text-slate-700">
        New accounts confirm their e-mail, then wait here for a role. Admins see leads, bills, mail and accounts and
        edit content; editors edit content only and never see a lead or a bill. No role: no access. Admins who take new
        leads get each new lead in turn as its owner; with nobody taking them, new leads stay unassigned.
      </p>
      <div className="relative mt-6 overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Staff accounts</caption>
          <TableHead
            headings={["Email", "Name", "E-mail confirmed", "Two-factor", "Role", "Created", "New leads", "", ""]}
          />
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
                  {row.role === "admin" && !row.disabled ? (
                    <RotationToggle userId={row.id} email={row.email} on={row.inRotation} />
                  ) : (
                    "-"
                  )}
                </td>
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
      <InviteForm />
      <PendingInvitations invitations={invitations} timeZone={timeZone} />
    </>
  );
}
