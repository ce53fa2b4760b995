import { data, Link, useFetcher } from "react-router";
import { BackupStatus } from "~/components/staff/backup-status";
import { ViewsChart } from "~/components/staff/dashboard-charts";
import { LeadSources, LeadsPerDay } from "~/components/staff/dashboard-leads";
import { DashboardTable } from "~/components/staff/dashboard-table";
import { FollowUpsDue, LeadAttention } from "~/components/staff/lead-attention";
import { MailBudgetNotice, PausedWebhooksNotice } from "~/components/staff/service-notices";
import { useToastFrom } from "~/components/staff/staff-toasts";
import { noStoreHeaders } from "~/lib/cache-headers";
import { editorPath } from "~/lib/content-kinds";
import { CONTENT_KIND_LABELS, isContentKind, STALE_REASON_LABELS } from "~/lib/content-schemas";
import { pageMeta } from "~/lib/seo";
import type { ToastMessage } from "~/lib/toast";
import { pausedAccountMail } from "~/server/auth/auth-limits.server";
import { secondFactorRequired, staffContext } from "~/server/auth/staff-guard.server";
import { backupStatus } from "~/server/backup/backup-schedule.server";
import { today } from "~/server/clock.server";
import { backupIntervalHours, getConfig } from "~/server/config.server";
import { markReviewed } from "~/server/content/editor.server";
import { type StaleItem, staleContent } from "~/server/content/stale.server";
import type { AppDatabase } from "~/server/db/client.server";
import { readSmallFormData } from "~/server/forms.server";
import { errorFields, log } from "~/server/log.server";
import { leadsNeedingAttention } from "~/server/queries/lead-owners.server";
import { dashboardFigures } from "~/server/queries/staff-admin.server";
import { pageViewsByDay } from "~/server/queries/staff-dashboard.server";
import { followUpsDue } from "~/server/queries/staff-leads.server";
import { database } from "~/server/request-context.server";
import { promisedReplyHours } from "~/server/settings/business-details.server";
import { PLAIN_STAFF_FORM_LIMITS, staffFormProblem } from "~/server/staff-form-limits.server";
import { webhooksPausedForFailures } from "~/server/webhooks/webhook-admin.server";
import type { Route } from "./+types/home";

export const headers = noStoreHeaders;

/** The dashboard shows lead figures to admins: their second factor first. */
export const middleware: Route.MiddlewareFunction[] = [secondFactorRequired];

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Dashboard", description: "Staff area.", noindex: true });
}

/**
 * Lead figures are read for admins only: for an editor the loader never queries them, so they
 * cannot leak through the page or its data request.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { role } = context.get(staffContext);
  const db = await database(context);
  const timeZone = getConfig().SITE_TIME_ZONE;
  // The stale-content queue names records only, never a lead or a bill.
  const contentQueue = await readQueue(db);
  if (role === "admin") {
    const viewerId = context.get(staffContext).id;
    const [{ leadsByDay, viewsByDay, topPages, topSources }, attention, backup, mailPaused, hooksPaused, due] =
      await Promise.all([
        dashboardFigures(db, timeZone, 30),
        promisedReplyHours().then((replyHours) =>
          leadsNeedingAttention(db, {
            viewerId: context.get(staffContext).id,
            today: today(),
            now: new Date(),
            replyHours,
          }).then((counts) => ({ ...counts, replyHours })),
        ),
        backupStatus(db, backupIntervalHours(getConfig())),
        pausedAccountMail(),
        webhooksPausedForFailures(db),
        followUpsDue(db, viewerId, today(), 5),
      ]);
    const backupShown = { ...backup, timeZone };
    const leads = { leadsByDay, topPages, topSources };
    return { viewsByDay, contentQueue, leads, attention, backup: backupShown, mailPaused, hooksPaused, dueNow: due };
  }
  return {
    viewsByDay: await pageViewsByDay(db, timeZone, 30),
    contentQueue,
    leads: null,
    attention: null,
    backup: null,
    mailPaused: [],
    hooksPaused: [],
    dueNow: null,
  };
}

const QUEUE_SHOWN = 50;

async function readQueue(db: AppDatabase) {
  try {
    const { items, total } = await staleContent(db, { limit: QUEUE_SHOWN });
    return { items, total, failed: false };
  } catch (error) {
    log.error(errorFields(error), "Error reading the stale-content queue");
    return { items: [] as StaleItem[], total: 0, failed: true };
  }
}

type QueueAnswer = { ok: boolean; toast: ToastMessage };

export async function action({ request, context }: Route.ActionArgs) {
  const staff = context.get(staffContext);
  const form = await readSmallFormData(request);
  const problem = staffFormProblem(form, PLAIN_STAFF_FORM_LIMITS);
  if (problem) {
    return data<QueueAnswer>(
      { ok: false, toast: { title: "Not marked reviewed", description: problem, variant: "destructive" } },
      { status: 400 },
    );
  }
  const kind = form.get("kind");
  const id = String(form.get("id") ?? "");
  if (form.get("intent") !== "review" || !isContentKind(kind)) {
    return data<QueueAnswer>(
      { ok: false, toast: { title: "Unknown action", variant: "destructive" } },
      { status: 400 },
    );
  }
  const result = await markReviewed(await database(context), kind, id, staff);
  if (!result.ok) {
    if (result.notFound) throw data({ message: "This record does not exist." }, { status: 404 });
    return data<QueueAnswer>(
      { ok: false, toast: { title: "Not marked reviewed", description: result.errors.form, variant: "destructive" } },
      { status: 400 },
    );
  }
  return { ok: true, toast: { title: "Marked reviewed", variant: "success" } } satisfies QueueAnswer;
}

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { viewsByDay, leads, contentQueue } = loaderData;
  const views = viewsByDay.reduce((sum, day) => sum + day.count, 0);
  const totals = leads?.leadsByDay.reduce(
    (sum, day) => ({
      bill: sum.bill + day.bill,
      consultation: sum.consultation + day.consultation,
      guide: sum.guide + day.guide,
      estimate: sum.estimate + day.estimate,
    }),
    { bill: 0, consultation: 0, guide: 0, estimate: 0 },
  );
  const cards: [string, number][] = [
    ...(totals
      ? ([
          ["Bill uploads", totals.bill],
          ["Consultations", totals.consultation],
          ["Guide requests", totals.guide],
          ["Estimates e-mailed", totals.estimate],
        ] as [string, number][])
      : []),
    ["Page views", views],
  ];
  return (
    <>
      <h1 className="text-3xl font-bold text-navy-900">Dashboard</h1>
      {loaderData.attention ? <LeadAttention counts={loaderData.attention} /> : null}
      {loaderData.dueNow ? <FollowUpsDue {...loaderData.dueNow} /> : null}
      <MailBudgetNotice paused={loaderData.mailPaused} />
      <PausedWebhooksNotice paused={loaderData.hooksPaused} />
      {loaderData.backup ? <BackupStatus status={loaderData.backup} /> : null}
      <p className="mt-6 text-slate-700">The last 30 days.</p>
      <dl className="mt-6 grid gap-4 sm:grid-cols-4" data-testid="dashboard-totals">
        {cards.map(([label, value]) => (
          <div key={label} className="rounded-xl border border-slate-200 bg-white p-4">
            <dt className="text-sm text-slate-700">{label}</dt>
            <dd className="text-3xl font-bold text-navy-900 tabular">{value}</dd>
          </div>
        ))}
      </dl>
      <ContentWork queue={contentQueue} />
      {leads ? <LeadsPerDay leads={leads} /> : null}
      <section aria-labelledby="views-per-day" className="mt-6 rounded-xl border border-slate-200 bg-white p-5">
        <h2 id="views-per-day" className="text-lg font-semibold text-navy-900">
          Page views per day
        </h2>
        <ViewsChart data={viewsByDay} />
        <DashboardTable
          caption="Page views per day"
          headings={["Day", "Page views"]}
          rows={viewsByDay.map((day) => [day.day, day.count])}
        />
      </section>
      {leads ? <LeadSources leads={leads} /> : null}
    </>
  );
}

type Queue = Route.ComponentProps["loaderData"]["contentQueue"];

/** Shown to editors too, so nothing in it names a lead or a bill. */
function ContentWork({ queue }: { queue: Queue }) {
  return (
    <section
      aria-labelledby="content-work"
      className="mt-8 rounded-xl border border-slate-200 bg-white p-5"
      data-testid="content-queue"
    >
      <h2 id="content-work" className="text-lg font-semibold text-navy-900">
        Content to check
      </h2>
      <p className="mt-1 text-slate-700">
        Records past their end date, not reviewed in 90 days, or whose source link failed at the last check.{" "}
        <Link to="/admin/content" className="font-semibold text-navy-800 underline underline-offset-4">
          Open the content editor
        </Link>
        .
      </p>
      {queue.failed ? (
        <p className="mt-3 font-semibold text-red-800">The queue could not be loaded.</p>
      ) : queue.items.length === 0 ? (
        <p className="mt-3 text-slate-700">Nothing to check: every record is current.</p>
      ) : (
        <>
          <p className="mt-3 text-sm text-slate-700" data-testid="queue-count">
            {queue.total} {queue.total === 1 ? "record" : "records"} to check
            {queue.total > queue.items.length ? ` (the first ${queue.items.length} shown)` : ""}
          </p>
          <ul className="mt-3 divide-y divide-slate-200">
            {queue.items.map((item) => (
              <QueueItem key={`${item.kind}:${item.id}`} item={item} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function QueueItem({ item }: { item: StaleItem }) {
  const fetcher = useFetcher<QueueAnswer>();
  useToastFrom(fetcher.data?.toast);
  const reviewed = fetcher.data?.ok === true;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="queue-item">
      <div>
        <Link to={editorPath(item.kind, item.id)} className="font-semibold text-navy-800 underline underline-offset-2">
          {item.title}
        </Link>
        <span className="text-sm text-slate-700"> · {CONTENT_KIND_LABELS[item.kind].one}</span>
        <ul className="mt-1 flex flex-wrap gap-2 text-sm">
          {item.reasons.map((reason) => (
            <li key={reason} className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-950">
              {STALE_REASON_LABELS[reason]}
              {reason === "ended" && item.expiresOn ? ` (${item.expiresOn})` : ""}
            </li>
          ))}
        </ul>
        <p className="mt-1 text-xs text-slate-600">
          Last reviewed {item.lastReviewedAt ?? "never"}
          {item.lastReviewedByName ? ` by ${item.lastReviewedByName}` : ""}
          {item.dueOn ? ` · review due ${item.dueOn}` : ""}
          {item.link ? (
            <>
              {" · "}
              <a
                href={item.link}
                target="_blank"
                rel="noopener noreferrer"
                className="font-semibold text-navy-800 underline underline-offset-2"
              >
                Open the source<span className="sr-only"> of {item.title} (opens in a new tab)</span>
              </a>
            </>
          ) : null}
        </p>
      </div>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="review" />
        <input type="hidden" name="kind" value={item.kind} />
        <input type="hidden" name="id" value={item.id} />
        <button
          type="submit"
          disabled={fetcher.state !== "idle" || reviewed}
          className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-navy-900 hover:bg-slate-100"
        >
          {fetcher.state !== "idle" ? "Saving..." : reviewed ? "Reviewed" : "Mark reviewed"}
          <span className="sr-only"> {item.title}</span>
        </button>
      </fetcher.Form>
    </li>
  );
}
