import { Link } from "react-router";

type Counts = {
  uncontacted: number;
  overdueReply: number;
  unassigned: number;
  myDue: number;
  unsentNotifications?: number;
  /** The reply time the site promises, in hours. */
  replyHours?: number;
};

/** What needs someone now, each a link to the list filtered to those leads. */
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
  // Shown only when it happened: a lead e-mail to staff given up, or still not sent an hour on.
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
