import { LeadsChart } from "./dashboard-charts";
import { DashboardTable } from "./dashboard-table";

type LeadFigures = {
  leadsByDay: { day: string; bill: number; consultation: number; guide: number; estimate: number }[];
  topPages: { page: string; count: number }[];
  topSources: { source: string; count: number }[];
};

/** Admins only (the loader reads these figures for admins only). */
export function LeadsPerDay({ leads }: { leads: LeadFigures }) {
  return (
    <section aria-labelledby="leads-per-day" className="mt-6 rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="leads-per-day" className="text-lg font-semibold text-navy-900">
        Leads per day, by type
      </h2>
      <LeadsChart data={leads.leadsByDay} />
      <DashboardTable
        caption="Leads per day, by type"
        headings={["Day", "Bill uploads", "Consultations", "Guide requests", "Estimates e-mailed"]}
        rows={leads.leadsByDay.map((day) => [day.day, day.bill, day.consultation, day.guide, day.estimate])}
      />
    </section>
  );
}

export function LeadSources({ leads }: { leads: LeadFigures }) {
  return (
    <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
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
