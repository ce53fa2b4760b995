import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import { TableBox } from "~/components/staff/table-box";
import { TableHead } from "~/components/staff/table-head";
import { noStoreHeaders } from "~/lib/cache-headers";
import { formatAdminDate } from "~/lib/lead-workspace";
import { confirmsAddress, PERSONAL_DATA_LABELS, privacyLookupSchema } from "~/lib/privacy";
import { pageMeta } from "~/lib/seo";
import { auditAddress } from "~/server/audit/audit-log.server";
import { staffContext } from "~/server/auth/staff-guard.server";
import { backupLocationFromConfig } from "~/server/backup/backup-location.server";
import { getConfig } from "~/server/config.server";
import { readSmallFormData } from "~/server/forms.server";
import { leadHooksChanged } from "~/server/leads/lead-hooks.server";
import { personalDataSummary, retentionSummary } from "~/server/privacy/privacy-page.server";
import { deletePersonalData, staffAddressRefusal } from "~/server/privacy/privacy-requests.server";
import { database } from "~/server/request-context.server";
import { PLAIN_STAFF_FORM_LIMITS, staffFormProblem } from "~/server/staff-form-limits.server";
import { getBillStorage } from "~/server/storage/bill-storage.server";
import type { Route } from "./+types/privacy";

export const headers = noStoreHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Privacy requests", description: "Staff area.", noindex: true });
}

/** Admins only: under the leads section's guard (routes/admin/leads-area.tsx). */
export async function loader({ context }: Route.LoaderArgs) {
  return { retention: await retentionSummary(await database(context)), timeZone: getConfig().SITE_TIME_ZONE };
}

type Answer =
  | { error: string; email?: string }
  | { found: Awaited<ReturnType<typeof personalDataSummary>> }
  | {
      deleted: {
        email: string;
        removed: number;
        redacted: number;
        billFiles: number;
        billFilesLeft: number;
        journaled: boolean;
      };
    };

const refuse = (error: string, email?: string) => data<Answer>({ error, email }, { status: 400 });

/** "Delete" asks for the address to be typed again. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readSmallFormData(request);
  const problem = staffFormProblem(form, PLAIN_STAFF_FORM_LIMITS);
  if (problem) return refuse(problem);
  const submission = parseWithZod(form, { schema: privacyLookupSchema });
  if (submission.status !== "success") return refuse("Enter an e-mail address.");
  const { email } = submission.value;
  const db = await database(context);
  const staffAddress = await staffAddressRefusal(db, email, getConfig().NOTIFY_EMAIL);
  if (staffAddress) return refuse(staffAddress, email);
  const intent = form.get("intent");
  if (intent === "find") return { found: await personalDataSummary(db, email) } satisfies Answer;
  if (intent !== "delete") return refuse("Unknown action.");
  if (!confirmsAddress(email, form.get("confirm")))
    return refuse("Type the address again, exactly, to confirm the deletion. Nothing was deleted.", email);
  const config = getConfig();
  const me = context.get(staffContext);
  const done = await deletePersonalData(db, getBillStorage(config.DATA_DIR), backupLocationFromConfig(config), email, {
    actorId: me.id,
    actorEmail: me.email,
    address: auditAddress(context),
  });
  // A lifted block changes what the forms refuse: every instance re-reads it.
  if (done.counts.blocks) await leadHooksChanged();
  const { billFiles, billFilesLeft, mentionsRedacted, ...rows } = done.counts;
  const removed = Object.values(rows).reduce((sum, n) => sum + n, 0);
  return {
    deleted: { email, removed, redacted: mentionsRedacted, billFiles, billFilesLeft, journaled: done.journaled },
  } satisfies Answer;
}

const inputClass = "mt-1 block min-h-11 w-full max-w-md rounded-lg border border-slate-400 px-3";
const buttonClass = "min-h-11 rounded-lg bg-navy-900 px-5 font-semibold text-white hover:bg-navy-800";

export default function AdminPrivacy({ loaderData, actionData }: Route.ComponentProps) {
  const { retention, timeZone } = loaderData;
  const answer = actionData as Answer | undefined;
  const busy = useNavigation().state !== "idle";
  const found = answer && "found" in answer ? answer.found : null;
  return (
    <>
      <h1 className="text-3xl font-bold text-navy-900">Privacy requests</h1>
      <p className="mt-2 max-w-3xl text-slate-700">
        Find everything held about an e-mail address, download it, or delete it for good. The audit log records each
        export and deletion by a digest of the address, never the address.
      </p>
      <Form method="post" className="mt-6" aria-label="Find an address">
        <input type="hidden" name="intent" value="find" />
        <label htmlFor="privacy-email" className="font-medium text-navy-900">
          E-mail address
        </label>
        <div className="flex flex-wrap items-end gap-3">
          <input
            id="privacy-email"
            name="email"
            type="email"
            required
            autoComplete="off"
            defaultValue={found?.address ?? (answer && "error" in answer ? answer.email : "") ?? ""}
            className={inputClass}
          />
          <button type="submit" disabled={busy} className={buttonClass}>
            Find
          </button>
        </div>
      </Form>
      {answer && "error" in answer ? (
        <p role="alert" className="mt-4 font-medium text-red-700">
          {answer.error}
        </p>
      ) : null}
      {answer && "deleted" in answer ? (
        <div role="status" className="mt-6 max-w-3xl rounded-lg border border-green-700 bg-green-50 p-4">
          <p className="font-semibold text-navy-900">
            Deleted: {answer.deleted.removed} rows and {answer.deleted.billFiles} bill files held about{" "}
            {answer.deleted.email}.
          </p>
          {answer.deleted.redacted ? (
            <p className="mt-2 text-slate-800">
              The address was replaced by “[address removed]” in {answer.deleted.redacted} other people's records.
            </p>
          ) : null}
          {answer.deleted.billFilesLeft ? (
            <p className="mt-2 text-red-800">
              {answer.deleted.billFilesLeft} bill files could not be deleted now; the orphan-bill sweep removes them.
            </p>
          ) : null}
          {answer.deleted.journaled ? null : (
            <p className="mt-2 font-medium text-red-800">
              The deletion could not be written to the journal beside the backups (see the server log): a restore of an
              older backup would bring this person back until you delete the address again after the journal works.
            </p>
          )}
        </div>
      ) : null}
      {found ? <Found found={found} timeZone={timeZone} busy={busy} /> : null}
      <h2 className="mt-10 text-xl font-bold text-navy-900">Retention</h2>
      <p className="mt-2 max-w-3xl text-slate-700" data-testid="retention-preview">
        {retention.next
          ? `With these settings the next purge would delete ${retention.next.leads} leads and ${retention.next.billFiles} bill files.`
          : "Off: leads are kept until deleted here."}
      </p>
      <p className="mt-2 max-w-3xl text-slate-700">
        {`Closed (won or lost) leads: ${days(retention.settings.closedDays)}. Spam: ${days(retention.settings.spamDays)}. Unconverted (new or contacted): ${days(retention.settings.unconvertedDays)}. Set in the server's RETAIN_* settings.`}
      </p>
    </>
  );
}

const days = (n: number | undefined) => (n ? `${n} days after the last activity` : "kept");

function Found(props: { found: Extract<Answer, { found: unknown }>["found"]; timeZone: string; busy: boolean }) {
  const { found, timeZone, busy } = props;
  const held = Object.entries(found.counts).filter(([, n]) => n > 0);
  if (held.length === 0) return <p className="mt-6 text-slate-700">Nothing is held about {found.address}.</p>;
  return (
    <section aria-labelledby="held-heading" className="mt-6">
      <h2 id="held-heading" className="text-xl font-bold text-navy-900">
        Held about {found.address}
      </h2>
      <ul className="mt-2 list-disc pl-6 text-slate-800" data-testid="privacy-counts">
        {held.map(([key, n]) => (
          <li key={key}>
            {PERSONAL_DATA_LABELS[key] ?? key}: {n}
          </li>
        ))}
      </ul>
      {found.leads.length ? (
        <TableBox className="mt-4">
          <table className="w-full text-left text-sm">
            <TableHead headings={["Lead", "Kind", "Status", "On"]} />
            <tbody>
              {found.leads.map((lead) => (
                <tr key={lead.id} className="border-t border-slate-200">
                  <td className="px-3 py-2">
                    <Link to={`/admin/leads/${lead.kind}/${lead.id}`} className="font-semibold text-navy-800 underline">
                      {lead.name}
                    </Link>
                  </td>
                  <td className="px-3 py-2">{lead.kind}</td>
                  <td className="px-3 py-2">{lead.status}</td>
                  <td className="px-3 py-2">{formatAdminDate(lead.at, timeZone)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      ) : null}
      <p className="mt-3 max-w-3xl text-sm text-slate-700">
        Page views are stored without any visitor or lead id: only views whose address holds this e-mail are counted.
        {found.otherLeadsMergedIn
          ? ` ${found.otherLeadsMergedIn} other people's leads merged into these stay, unmerged.`
          : ""}
      </p>
      {/* A native post: the zip downloads instead of replacing the page. */}
      <form method="post" action="/admin/privacy/export" className="mt-4">
        <input type="hidden" name="email" value={found.address} />
        <button type="submit" className={buttonClass}>
          Download everything (zip)
        </button>
      </form>
      <Form
        method="post"
        className="mt-6 max-w-3xl rounded-lg border border-red-700 p-4"
        aria-label="Delete everything"
      >
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="email" value={found.address} />
        <p className="font-semibold text-red-800">
          Delete everything listed above: every row and every bill file, for good; in other people's records that name
          the address, the address is replaced and the record stays. Webhook receivers are told which leads went; the
          backups keep a record so a restore deletes it again.
        </p>
        <label htmlFor="privacy-confirm" className="mt-3 block font-medium text-navy-900">
          Type {found.address} to confirm
        </label>
        <input id="privacy-confirm" name="confirm" type="text" autoComplete="off" required className={inputClass} />
        <button type="submit" disabled={busy} className={`${buttonClass} mt-3 bg-red-800 hover:bg-red-900`}>
          Delete everything
        </button>
      </Form>
    </section>
  );
}
