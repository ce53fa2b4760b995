import { Link } from "react-router";
import { StatusChip } from "~/components/staff/lead-table";
import { PostButton } from "~/components/staff/post-button";
import { usd0 } from "~/lib/estimate-format";
import { formatAdminDate, LEAD_KIND_LABELS, type LeadKind, type LeadStatus } from "~/lib/lead-workspace";
import { formatPhone } from "~/lib/tel-href";

type Merged = {
  kind: LeadKind;
  id: string;
  name: string;
  email: string;
  submittedAt: string;
  status: LeadStatus;
  phone?: string | null;
  question?: string | null;
  monthlyBill?: number | null;
  sourcePage?: string | null;
  utmSource?: string | null;
};

function sentWith(lead: Merged): [string, string][] {
  const lines: [string, string | null | undefined][] = [
    ["Question", lead.question],
    ["Phone", lead.phone ? formatPhone(lead.phone) : null],
    ["Bill", lead.monthlyBill ? `${usd0(lead.monthlyBill)} a month` : null],
    ["From", [lead.sourcePage, lead.utmSource ? `(${lead.utmSource})` : null].filter(Boolean).join(" ") || null],
  ];
  return lines.filter((line): line is [string, string] => Boolean(line[1]));
}

const linkClass = "font-semibold text-navy-800 underline underline-offset-2";
/** Decision 0028. */
export function MergedLeads({ merged, timeZone }: { merged: Merged[]; timeZone: string }) {
  if (merged.length === 0) return null;
  return (
    <section aria-labelledby="lead-merged" className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="lead-merged" className="text-lg font-semibold text-navy-900">
        Merged here
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Their notes and e-mails are in this lead's timeline. Separate one to list it on its own again.
      </p>
      <ul className="mt-3 space-y-3" data-testid="merged-leads">
        {merged.map((lead) => (
          <li key={lead.id} className="text-sm">
            <Link to={`/admin/leads/${lead.kind}/${lead.id}`} className={linkClass}>
              {lead.name}
            </Link>{" "}
            · {LEAD_KIND_LABELS[lead.kind]} · {formatAdminDate(lead.submittedAt, timeZone)}{" "}
            <StatusChip status={lead.status} />
            {sentWith(lead).length ? (
              <dl className="mt-1 grid grid-cols-[max-content_1fr] gap-x-3 text-slate-800">
                {sentWith(lead).map(([label, value]) => (
                  <div key={label} className="contents">
                    <dt className="font-medium">{label}</dt>
                    <dd className="whitespace-pre-wrap break-words">{value}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
            <div className="mt-1">
              <PostButton
                intent="separate"
                fields={{ lead: `${lead.kind}:${lead.id}` }}
                label="Separate again"
                ariaLabel={`Separate again: ${lead.name}`}
              />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function MergedIntoNotice(props: {
  into: { kind: LeadKind; id: string; name: string; mergedAt: string | null };
  timeZone: string;
}) {
  const { into, timeZone } = props;
  return (
    <div role="note" className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-slate-900">
      <p>
        Merged into{" "}
        <Link to={`/admin/leads/${into.kind}/${into.id}`} className={linkClass}>
          {into.name}
        </Link>
        {into.mergedAt ? ` on ${formatAdminDate(into.mergedAt, timeZone)}` : ""}: it is worked there and shown in no
        list.
      </p>
      <div className="mt-2">
        <PostButton intent="separate" label="Separate again" ariaLabel={`Separate again: ${into.name}`} />
      </div>
    </div>
  );
}
