import { ArrowDown, ArrowUp } from "lucide-react";
import { Link } from "react-router";
import { BULK_ASSIGN_FORM } from "~/components/staff/lead-owner-forms";
import { LEAD_SORT_LABELS, type LeadSort } from "~/lib/lead-workspace";
import { MAX_BULK_LEADS } from "~/lib/validation/staff-forms";

/** The date column turns newest first into oldest first and back. */
export const SORTABLE: Record<
  string,
  { next: (sort: LeadSort) => LeadSort; shown: (sort: LeadSort) => SortWay | null }
> = {
  "Monthly Bill": { next: () => "bill", shown: (sort) => (sort === "bill" ? "descending" : null) },
  "Submitted At": {
    next: (sort) => (sort === "newest" ? "oldest" : "newest"),
    shown: (sort) => (sort === "newest" ? "descending" : sort === "oldest" ? "ascending" : null),
  },
  "Next step": { next: () => "next-step", shown: (sort) => (sort === "next-step" ? "ascending" : null) },
};
type SortWay = "ascending" | "descending";
const SORT_ICONS = { ascending: ArrowUp, descending: ArrowDown } as const;

/** Gmail's "select all N matching": the server reads the query again, up to MAX_BULK_LEADS. */
export function AllMatching({
  onPage,
  matching,
  query,
  chosen,
  choose,
}: {
  onPage: number;
  matching: number;
  query: string;
  chosen: boolean;
  choose: (chosen: boolean) => void;
}) {
  const count = matching.toLocaleString("en-US");
  const button = "font-semibold text-navy-800 underline underline-offset-2";
  return (
    <p role="status" className="mt-3 rounded-lg bg-blue-50 px-3 py-2 text-sm text-navy-900">
      {chosen ? (
        <>
          <input type="hidden" name="matching" value={query} form={BULK_ASSIGN_FORM} />
          All {count} matching leads are selected.{" "}
          <button type="button" className={button} onClick={() => choose(false)}>
            Only this page
          </button>
        </>
      ) : matching > MAX_BULK_LEADS ? (
        `All ${onPage} on this page are selected. ${count} match: narrow the filters to act on more than a page at once (${MAX_BULK_LEADS} at most).`
      ) : (
        <>
          All {onPage} on this page are selected.{" "}
          <button type="button" className={button} onClick={() => choose(true)}>
            Select all {count} matching
          </button>
        </>
      )}
    </p>
  );
}

export function SortLink({
  heading,
  sort,
  hrefFor,
}: {
  heading: string;
  sort: LeadSort;
  hrefFor: (sort: LeadSort) => string;
}) {
  const column = SORTABLE[heading];
  if (!column) return heading;
  const way = column.shown(sort);
  const Icon = way ? SORT_ICONS[way] : null;
  const next = column.next(sort);
  // The arrow only on the column in use: at 1280 px an arrow on each costs the last column its room.
  return (
    <Link
      to={hrefFor(next)}
      className="inline-flex items-center gap-0.5 underline decoration-dotted underline-offset-4 hover:decoration-solid"
      replace
    >
      {heading}
      {Icon ? <Icon aria-hidden="true" className="size-3.5" /> : null}
      <span className="sr-only">, order: {LEAD_SORT_LABELS[next]}</span>
    </Link>
  );
}
