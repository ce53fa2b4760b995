import { LeadsChart, ViewsChart } from "~/components/staff/dashboard-charts";
import { DashboardTable } from "~/components/staff/dashboard-table";
import { noStoreHeaders } from "~/lib/cache-headers";
import { pageMeta } from "~/lib/seo";
import { getConfig } from "~/server/config.server";
import { getDb } from "~/server/db/db.server";
import { dashboardFigures } from "~/server/queries/staff-admin.server";
import type { Route } from "./+types/admin-home";

export const headers = noStoreHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Dashboard", description: "Staff area.", noindex: true });
}

export async function loader() {
  return dashboardFigures(await getDb(), getConfig().SITE_TIME_ZONE, 30);
}

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { leadsByDay, viewsByDay, topPages, topSources } = loaderData;
  const totals = leadsByDay.reduce(
    (sum, day) => ({
      bill: sum.bill + day.bill,
      consultation: sum.consultation + day.consultation,
      guide: sum.guide + day.guide,
    }),
    { bill: 0, consultation: 0, guide: 0 },
  );
  const views = viewsByDay.reduce((sum, day) => sum + day.count, 0);
  return (
    <>
      <h1 className="text-3xl font-bold text-navy-900">Dashboard</h1>
      <p className="mt-1 text-slate-700">The last 30 days.</p>
      <dl className="mt-6 grid gap-4 sm:grid-cols-4" data-testid="dashboard-totals">
        {[
          ["Bill uploads", totals.bill],
          ["Consultations", totals.consultation],
          ["Guide requests", totals.guide],
          ["Page views", views],
        ].map(([label, value]) => (
          <div key={label} className="rounded-xl border border-slate-200 bg-white p-4">
            <dt className="text-sm text-slate-700">{label}</dt>
            <dd className="text-3xl font-bold text-navy-900 tabular">{value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="leads-per-day" className="mt-8 rounded-xl border border-slate-200 bg-white p-5">
        <h2 id="leads-per-day" className="text-lg font-semibold text-navy-900">
          Leads per day, by type
        </h2>
        <LeadsChart data={leadsByDay} />
        <DashboardTable
          caption="Leads per day, by type"
          headings={["Day", "Bill uploads", "Consultations", "Guide requests"]}
          rows={leadsByDay.map((day) => [day.day, day.bill, day.consultation, day.guide])}
        />
      </section>
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
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="top-pages" className="rounded-xl border border-slate-200 bg-white p-5">
          <h2 id="top-pages" className="text-lg font-semibold text-navy-900">
            Pages that brought leads
          </h2>
          <DashboardTable
            open
            caption="Pages that brought leads"
            headings={["Page", "Leads"]}
            rows={topPages.map((row) => [row.page, row.count])}
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
            rows={topSources.map((row) => [row.source, row.count])}
          />
        </section>
      </div>
    </>
  );
}
