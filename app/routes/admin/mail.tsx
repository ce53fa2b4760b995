import { data, Link } from "react-router";
import { MailActions } from "~/components/staff/mail-actions";
import { TableHead } from "~/components/staff/table-head";
import { noStoreHeaders } from "~/lib/cache-headers";
import { isUuid } from "~/lib/ids";
import { formatAdminDate } from "~/lib/lead-workspace";
import { pageMeta } from "~/lib/seo";
import type { ToastMessage } from "~/lib/toast";
import { isValidEmail } from "~/lib/validation/common";
import { recordStaffAudit } from "~/server/audit/staff-audit.server";
import { getConfig } from "~/server/config.server";
import { readSmallFormData } from "~/server/forms.server";
import { staffMailProblems } from "~/server/mail/mail-setup.server";
import { discardMail, listUndeliveredMail, readdressMail, retryMail } from "~/server/queries/staff-admin.server";
import { database } from "~/server/request-context.server";
import { PLAIN_STAFF_FORM_LIMITS, staffFormProblem } from "~/server/staff-form-limits.server";
import type { Route } from "./+types/mail";

export const headers = noStoreHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Mail", description: "Staff area.", noindex: true });
}

export async function loader({ context }: Route.LoaderArgs) {
  const { rows, total } = await listUndeliveredMail(await database(context));
  return {
    timeZone: getConfig().SITE_TIME_ZONE,
    total,
    setupProblems: staffMailProblems(getConfig()),
    mail: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      nextAttemptAt: row.nextAttemptAt.toISOString(),
    })),
  };
}

type MailAnswer = { toast: ToastMessage };
const refuse = (title: string, description: string, status = 400) =>
  data<MailAnswer>({ toast: { title, description, variant: "destructive" } }, { status });
const GONE = "That message was already sent or discarded.";

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readSmallFormData(request);
  const problem = staffFormProblem(form, PLAIN_STAFF_FORM_LIMITS);
  if (problem) return refuse("Nothing was changed", problem);
  const id = String(form.get("id") ?? "");
  if (!isUuid(id)) return refuse("Nothing to change", GONE, 404);
  const db = await database(context);
  const intent = form.get("intent") ?? "retry";
  if (intent === "discard") {
    if (!(await discardMail(db, id))) return refuse("Nothing to discard", GONE, 404);
    await recordStaffAudit(context, { action: "mail.discarded", subject: id });
    return { toast: { title: "Message discarded", variant: "success" } } satisfies MailAnswer;
  }
  if (intent === "readdress") {
    const to = String(form.get("to") ?? "")
      .trim()
      .toLowerCase();
    if (!isValidEmail(to) || to.length > 254) return refuse("Not sent", "Enter a valid e-mail address.");
    const before = await readdressMail(db, id, to);
    if (before === null) return refuse("Nothing to send", GONE, 404);
    await recordStaffAudit(context, { action: "mail.readdressed", subject: id, details: { from: before, to } });
    return { toast: { title: "Sending to the new address", description: to, variant: "success" } } satisfies MailAnswer;
  }
  if (!(await retryMail(db, id))) return refuse("Nothing to retry", GONE, 404);
  await recordStaffAudit(context, { action: "mail.retried", subject: id });
  const queued: ToastMessage = {
    title: "Retry queued",
    description: "The message will be sent within seconds.",
    variant: "success",
  };
  return { toast: queued } satisfies MailAnswer;
}

export default function AdminMail({ loaderData }: Route.ComponentProps) {
  const { mail, timeZone, total, setupProblems } = loaderData;
  return (
    <>
      <h1 className="text-3xl font-bold text-navy-900">Mail</h1>
      <p className="mt-1 text-slate-700">
        Staff notifications and visitor e-mails that have not gone out: waiting for a retry, given up after repeated
        failures, or refused for good by the receiving server (a mistyped address: send it to the right one, or discard
        it). Every lead is stored whether or not its e-mail was sent.{" "}
        <Link to="/admin/mail/templates" className="font-semibold text-navy-800 underline underline-offset-2">
          E-mail templates
        </Link>{" "}
        are the lead page's starting points.
      </p>
      {setupProblems.length > 0 ? (
        <div role="alert" className="mt-4 rounded-xl border border-red-300 bg-red-50 p-4 text-red-900">
          <p className="font-semibold">Staff are not being told of new leads</p>
          <ul className="mt-1 list-disc pl-5">
            {setupProblems.map((problem) => (
              <li key={problem}>{problem}.</li>
            ))}
          </ul>
          <p className="mt-1">Every lead is still stored: see them under Leads. The server's settings fix this.</p>
        </div>
      ) : null}
      {total > mail.length ? (
        <p className="mt-4 text-slate-700" data-testid="mail-total">
          Showing {mail.length} of {total} undelivered e-mails: staff notifications first, then the newest.
        </p>
      ) : null}
      {mail.length === 0 ? (
        <p className="mt-6 rounded-xl bg-white p-10 text-center text-lg text-slate-700">
          {setupProblems.length > 0 ? "Nothing is waiting to be sent." : "Every e-mail has been delivered."}
        </p>
      ) : (
        <div className="relative mt-6 overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Undelivered e-mails</caption>
            <TableHead headings={["Status", "Subject", "To", "Lead", "Queued", "Attempts", "Last error", ""]} />
            <tbody>
              {mail.map((job) => (
                <tr key={job.id} className="border-t border-slate-200">
                  <td className="px-3 py-2 font-semibold">{job.status === "failed" ? "Failed" : "Pending"}</td>
                  <td className="px-3 py-2">{job.subject}</td>
                  <td className="px-3 py-2">{job.toAddress}</td>
                  <td className="px-3 py-2">
                    {job.leadPath ? (
                      <Link to={job.leadPath} className="font-semibold text-navy-800 underline underline-offset-2">
                        Open lead<span className="sr-only"> of {job.subject}</span>
                      </Link>
                    ) : (
                      "-"
                    )}
                  </td>
                  <td className="px-3 py-2 tabular">{formatAdminDate(job.createdAt, timeZone)}</td>
                  <td className="px-3 py-2 tabular">{job.attempts}</td>
                  <td className="max-w-xs break-words px-3 py-2 text-slate-700">{job.lastError ?? "-"}</td>
                  <td className="px-3 py-2">
                    <MailActions id={job.id} subject={job.subject} to={job.toAddress} />
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
