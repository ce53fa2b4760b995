import { Link } from "react-router";
import { LeadsChart, ViewsChart } from "~/components/staff/dashboard-charts";
import { DashboardTable } from "~/components/staff/dashboard-table";
import { noStoreHeaders } from "~/lib/cache-headers";
import { pageMeta } from "~/lib/seo";
import { staffContext } from "~/server/auth/staff-guard.server";
import { getConfig } from "~/server/config.server";
import { getDb } from "~/server/db/db.server";
import { dashboardFigures } from "~/server/queries/staff-admin.server";
import { pageViewsByDay } from "~/server/queries/staff-dashboard.server";
import type { Route } from "./+types/admin-home";

export const headers = noStoreHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Dashboard", description: "Staff area.", noindex: true });
}

/**
 * Both roles reach the dashboard (the admin layout's guard). Lead figures (leads per day, the
 * pages and sources that brought them) are read for admins only: for an editor the loader never
 * queries them, so they cannot leak through the page or its data request.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { role } = context.get(staffContext);
  const db = await getDb();
  const timeZone = getConfig().SITE_TIME_ZONE;
  if (role === "admin") {
    const { leadsByDay, viewsByDay, topPages, topSources } = await dashboardFigures(db, timeZone, 30);
    return { viewsByDay, leads: { leadsByDay, topPages, topSources } };
  }
  return { viewsByDay: await pageViewsByDay(db, timeZone, 30), leads: null };
}

type LeadFigures = NonNullable<Route.ComponentProps["loaderData"]["leads"]>;

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { viewsByDay, leads } = loaderData;
  const views = viewsByDay.reduce((sum, day) => sum + day.count, 0);
  const totals = leads?.leadsByDay.reduce(
    (sum, day) => ({
      bill: sum.bill + day.bill,
      consultation: sum.consultation + day.consultation,
      guide: sum.guide + day.guide,
    }),
    { bill: 0, consultation: 0, guide: 0 },
  );
  const cards: [string, number][] = [
    ...(totals
      ? ([
          ["Bill uploads", totals.bill],
          ["Consultations", totals.consultation],
          ["Guide requests", totals.guide],
        ] as [string, number][])
      : []),
    ["Page views", views],
  ];
  return (
    <>
      <h1 className="text-3xl font-bold text-navy-900">Dashboard</h1>
      <p className="mt-1 text-slate-700">The last 30 days.</p>
      <dl className="mt-6 grid gap-4 sm:grid-cols-4" data-testid="dashboard-totals">
        {cards.map(([label, value]) => (
          <div key={label} className="rounded-xl border border-slate-200 bg-white p-4">
            <dt className="text-sm text-slate-700">{label}</dt>
            <dd className="text-3xl font-bold text-navy-900 tabular">{value}</dd>
          </div>
        ))}
      </dl>
      <ContentWork />
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

/**
 * Content work, shown to admins and editors alike. THE STALE-CONTENT QUEUE GOES HERE (issue 11):
 * give the loader a `contentQueue` read for both roles and render it in this section. Nothing in
 * it may name a lead or a bill (editors see it).
 */
function ContentWork() {
  return (
    <section
      aria-labelledby="content-work"
      className="mt-8 rounded-xl border border-slate-200 bg-white p-5"
      data-testid="content-queue"
    >
      <h2 id="content-work" className="text-lg font-semibold text-navy-900">
        Content
      </h2>
      <p className="mt-1 text-slate-700">
        Incentives, policy updates, content blocks and industry pages:{" "}
        <Link to="/admin/content" className="font-semibold text-navy-800 underline underline-offset-4">
          open the content editor
        </Link>
        .
      </p>
    </section>
  );
}

/** Admins only (the loader reads these figures for admins only). */
function LeadsPerDay({ leads }: { leads: LeadFigures }) {
  return (
    <section aria-labelledby="leads-per-day" className="mt-6 rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="leads-per-day" className="text-lg font-semibold text-navy-900">
        Leads per day, by type
      </h2>
      <LeadsChart data={leads.leadsByDay} />
      <DashboardTable
        caption="Leads per day, by type"
        headings={["Day", "Bill uploads", "Consultations", "Guide requests"]}
        rows={leads.leadsByDay.map((day) => [day.day, day.bill, day.consultation, day.guide])}
      />
    </section>
  );
}

/** Admins only: where leads came from. */
function LeadSources({ leads }: { leads: LeadFigures }) {
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="top-pages" className="rounded-xl border border-slate-200 bg-white p-5">
        <h2 id="top-pages" className="text-lg font-semibold text-navy-900">
          Pages that brought leads
        </h2>
        <DashboardTable
          open
          caption="Pages that brought leads"
          headings={["Page", "Leads"]}
          rows={leads.topPages.map((row) => [row.page, row.count])}
        />
      </section>
      <section aria-labelledby="top-sources" className="rounded-xl border border-slate-200 bg-white p-5">
        <h2 id="top-sources" className="text-lg font-semibold text-navy-900">
          Where leads came from
        </h2>
        <DashboardTable
          open
          caption="Where leads came from (UTM source, else the referring site)"
          headings={["Source", "Leads"]}
          rows={leads.topSources.map((row) => [row.source, row.count])}
        />
      </section>
    </div>
  );
}
