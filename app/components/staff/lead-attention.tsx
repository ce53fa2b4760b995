import { Link } from "react-router";
import { formatAdminDay, type LeadKind } from "~/lib/lead-workspace";

type DueLead = { kind: LeadKind; id: string; name: string; nextStepOn: string | null; nextStep: string | null };

export function FollowUpsDue({ leads, total, today }: { leads: DueLead[]; total: number; today: string }) {
  if (leads.length === 0) return null;
  return (
    <section aria-labelledby="follow-ups-due" className="mt-4 rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="follow-ups-due" className="text-lg font-semibold text-navy-900">
        Due now
      </h2>
      <ul className="mt-2 divide-y divide-slate-100" data-testid="follow-ups-due">
        {leads.map((lead) => (
          <li key={lead.id} className="flex flex-wrap items-center justify-between gap-2 py-1">
            <Link
              to={`/admin/leads/${lead.kind}/${lead.id}`}
              className="inline-flex min-h-11 items-center font-semibold text-navy-800 underline underline-offset-4"
            >
              {lead.name}
            </Link>
            <span className="text-sm text-slate-700">
              {lead.nextStep ? `${lead.nextStep} · ` : ""}
              {lead.nextStepOn && lead.nextStepOn < today
                ? `Overdue since ${formatAdminDay(lead.nextStepOn)}`
                : "Due today"}
            </span>
          </li>
        ))}
      </ul>
      {total > leads.length ? (
        <Link to="/admin/leads?owner=mine&due=1" className="mt-2 inline-flex min-h-11 items-center underline">
          All {total} due
        </Link>
      ) : null}
    </section>
  );
}

type Counts = {
  uncontacted: number;
  overdueReply: number;
  unassigned: number;
  myDue: number;
  unsentNotifications?: number;
  replyHours?: number;
};

export function LeadAttention({ counts }: { counts: Counts }) {
  const cards: { label: string; value: number; to: string; urgent: boolean }[] = [
    { label: "Not contacted yet", value: counts.uncontacted, to: "/admin/leads?status=new", urgent: false },
    {
      label: `Waiting over ${counts.replyHours ?? 24} hours`,
      value: counts.overdueReply,
      to: "/admin/leads?status=new",
      urgent: counts.overdueReply > 0,
    },
    { label: "Unassigned", value: counts.unassigned, to: "/admin/leads?owner=unassigned", urgent: false },
    { label: "My follow-ups due", value: counts.myDue, to: "/admin/leads?owner=mine&due=1", urgent: counts.myDue > 0 },
  ];
  // Shown only when a lead e-mail to staff was given up, or still not sent an hour on.
  if (counts.unsentNotifications) {
    cards.push({
      label: "Lead e-mails to staff not sent",
      value: counts.unsentNotifications,
      to: "/admin/mail",
      urgent: true,
    });
  }
  return (
    <section aria-labelledby="lead-attention" className="mt-4">
      <h2 id="lead-attention" className="sr-only">
        Leads that need someone now
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" data-testid="lead-attention">
        {cards.map((card) => (
          <li key={card.label}>
            <Link
              to={card.to}
              className={`block rounded-xl border p-4 hover:bg-slate-50 ${card.urgent ? "border-red-300 bg-red-50" : "border-slate-200 bg-white"}`}
            >
              <span className="block text-sm text-slate-700">{card.label}</span>
              <span className="block text-3xl font-bold text-navy-900 tabular">{card.value}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
