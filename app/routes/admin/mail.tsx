import { data, useFetcher } from "react-router";
import { useToastFrom } from "~/components/staff/staff-toasts";
import { TableHead } from "~/components/staff/table-head";
import { noStoreHeaders } from "~/lib/cache-headers";
import { isUuid } from "~/lib/ids";
import { formatAdminDate } from "~/lib/lead-workspace";
import { pageMeta } from "~/lib/seo";
import type { ToastMessage } from "~/lib/toast";
import { recordStaffAudit } from "~/server/audit/staff-audit.server";
import { getConfig } from "~/server/config.server";
import { getDb } from "~/server/db/db.server";
import { readSmallFormData } from "~/server/forms.server";
import { listUndeliveredMail, retryMail } from "~/server/queries/staff-admin.server";
import { PLAIN_STAFF_FORM_LIMITS, staffFormProblem } from "~/server/staff-form-limits.server";
import type { Route } from "./+types/mail";

export const headers = noStoreHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Mail", description: "Staff area.", noindex: true });
}

/** The outbox as staff need it: what has not gone out yet, and what was given up, with Retry. */
export async function loader() {
  const rows = await listUndeliveredMail(await getDb());
  return {
    timeZone: getConfig().SITE_TIME_ZONE,
    mail: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      nextAttemptAt: row.nextAttemptAt.toISOString(),
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readSmallFormData(request);
  const problem = staffFormProblem(form, PLAIN_STAFF_FORM_LIMITS);
  if (problem) {
    return data<{ toast: ToastMessage }>(
      { toast: { title: "Nothing was retried", description: problem, variant: "destructive" } },
      { status: 400 },
    );
  }
  const id = String(form.get("id") ?? "");
  if (!isUuid(id) || !(await retryMail(await getDb(), id))) {
    return data<{ toast: ToastMessage }>(
      { toast: { title: "Nothing to retry", description: "That message was already sent.", variant: "destructive" } },
      { status: 404 },
    );
  }
  await recordStaffAudit(context, { action: "mail.retried", subject: id });
  const queued: ToastMessage = {
    title: "Retry queued",
    description: "The message will be sent within seconds.",
    variant: "success",
  };
  return { toast: queued };
}

function RetryButton({ id, subject }: { id: string; subject: string }) {
  const fetcher = useFetcher<typeof action>();
  useToastFrom(fetcher.data?.toast);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        disabled={fetcher.state !== "idle"}
        className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-3 font-semibold text-navy-900 hover:bg-slate-100"
      >
        {fetcher.state !== "idle" ? "Retrying..." : "Retry"}
        <span className="sr-only"> {subject}</span>
      </button>
    </fetcher.Form>
  );
}

export default function AdminMail({ loaderData }: Route.ComponentProps) {
  const { mail, timeZone } = loaderData;
  return (
    <>
      <h1 className="text-3xl font-bold text-navy-900">Mail</h1>
      <p className="mt-1 text-slate-700">
        Staff notifications and visitor e-mails that have not gone out: waiting for a retry, or given up after repeated
        failures. Every lead is stored whether or not its e-mail was sent.
      </p>
      {mail.length === 0 ? (
        <p className="mt-6 rounded-xl bg-white p-10 text-center text-lg text-slate-700">
          Every e-mail has been delivered.
        </p>
      ) : (
        <div className="mt-6 overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Undelivered e-mails</caption>
            <TableHead headings={["Status", "Subject", "To", "Queued", "Attempts", "Last error", ""]} />
            <tbody>
              {mail.map((job) => (
                <tr key={job.id} className="border-t border-slate-200">
                  <td className="px-3 py-2 font-semibold">{job.status === "failed" ? "Failed" : "Pending"}</td>
                  <td className="px-3 py-2">{job.subject}</td>
                  <td className="px-3 py-2">{job.toAddress}</td>
                  <td className="px-3 py-2 tabular">{formatAdminDate(job.createdAt, timeZone)}</td>
                  <td className="px-3 py-2 tabular">{job.attempts}</td>
                  <td className="max-w-xs break-words px-3 py-2 text-slate-700">{job.lastError ?? "-"}</td>
                  <td className="px-3 py-2">
                    <RetryButton id={job.id} subject={job.subject} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
