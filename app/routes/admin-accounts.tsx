import { data, useFetcher } from "react-router";
import { useToastFrom } from "~/components/staff/staff-toasts";
import { TableHead } from "~/components/staff/table-head";
import type { ToastMessage } from "~/components/ui/toast";
import { noStoreHeaders } from "~/lib/cache-headers";
import { formatAdminDate } from "~/lib/lead-workspace";
import { pageMeta } from "~/lib/seo";
import { setAdminRole } from "~/server/auth/accounts.server";
import { staffContext } from "~/server/auth/staff-guard.server";
import { getConfig } from "~/server/config.server";
import { getDb } from "~/server/db/db.server";
import { readSmallFormData } from "~/server/forms.server";
import { listAccounts } from "~/server/queries/staff-admin.server";
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
    accounts: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), admin: row.role === "admin" })),
  };
}

type Result = { toast: ToastMessage };

/** Grant or revoke the admin role; the last admin cannot remove their own. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readSmallFormData(request);
  const userId = String(form.get("userId") ?? "");
  const grant = form.get("intent") === "grant";
  if (!userId) return data<Result>({ toast: { title: "No account chosen", variant: "destructive" } }, { status: 400 });
  const outcome = await setAdminRole(await getDb(), context.get(staffContext).id, userId, grant);
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
  return { toast: { title: grant ? "Admin role granted" : "Admin role removed", variant: "success" } } satisfies Result;
}

function RoleButton({ userId, email, admin }: { userId: string; email: string; admin: boolean }) {
  const fetcher = useFetcher<typeof action>();
  useToastFrom(fetcher.data?.toast);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="userId" value={userId} />
      <input type="hidden" name="intent" value={admin ? "revoke" : "grant"} />
      <button
        type="submit"
        disabled={fetcher.state !== "idle"}
        className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-3 font-semibold text-navy-900 hover:bg-slate-100"
      >
        {admin ? "Remove admin role" : "Make admin"}
        <span className="sr-only"> for {email}</span>
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
        New accounts confirm their e-mail, then wait here for the admin role. Only admins can open the staff area.
      </p>
      <div className="mt-6 overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Staff accounts</caption>
          <TableHead headings={["Email", "Name", "E-mail confirmed", "Role", "Created", ""]} />
          <tbody>
            {accounts.map((row) => (
              <tr key={row.id} className="border-t border-slate-200">
                <td className="px-3 py-2">
                  {row.email}
                  {row.id === me ? " (you)" : ""}
                </td>
                <td className="px-3 py-2">{row.name}</td>
                <td className="px-3 py-2">{row.emailVerified ? "Yes" : "No"}</td>
                <td className="px-3 py-2">{row.admin ? "Admin" : "No role"}</td>
                <td className="px-3 py-2 tabular">{formatAdminDate(row.createdAt, timeZone)}</td>
                <td className="px-3 py-2">
                  <RoleButton userId={row.id} email={row.email} admin={row.admin} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
