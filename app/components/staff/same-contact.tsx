import { Link } from "react-router";
import { StatusChip } from "~/components/staff/lead-table";
import { PostButton } from "~/components/staff/post-button";
import { formatAdminDate, LEAD_KIND_LABELS, type LeadKind, type LeadStatus } from "~/lib/lead-workspace";

type Other = { kind: LeadKind; id: string; name: string; submittedAt: string; status: LeadStatus };

export function SameContact({ others, timeZone }: { others: Other[]; timeZone: string }) {
  if (others.length === 0) return null;
  return (
    <section aria-labelledby="lead-same" className="rounded-xl border border-amber-300 bg-amber-50 p-5">
      <h2 id="lead-same" className="text-lg font-semibold text-navy-900">
        Also from them
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Same e-mail address or business name: merge them to work them as one; every submission, note and e-mail is kept.
      </p>
      <ul className="mt-3 space-y-3" data-testid="same-contact">
        {others.map((other) => (
          <li key={other.id} className="text-sm">
            <Link
              to={`/admin/leads/${other.kind}/${other.id}`}
              className="font-semibold text-navy-800 underline underline-offset-2"
            >
              {other.name}
            </Link>{" "}
            · {LEAD_KIND_LABELS[other.kind]} · {formatAdminDate(other.submittedAt, timeZone)}{" "}
            <StatusChip status={other.status} />
            <div className="mt-1">
              <PostButton
                intent="merge"
                fields={{ from: `${other.kind}:${other.id}` }}
                label="Merge into this lead"
                ariaLabel={`Merge into this lead: ${other.name}`}
              />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
