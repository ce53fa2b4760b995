import type { ChangeEventHandler } from "react";
import { FilterSelect, SearchInput } from "~/components/staff/list-page";
import {
  LEAD_KIND_LABELS,
  LEAD_KINDS,
  LEAD_OWNER_FILTER_LABELS,
  LEAD_OWNER_FILTERS,
  LEAD_SORT_LABELS,
  LEAD_SORTS,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  type LeadFilters,
  SEARCH_MAX,
  SOURCE_MAX,
} from "~/lib/lead-workspace";

/** Shared by the list and the board; the list adds more (the board's columns are the statuses). */
export function LeadFilterFields({
  idPrefix,
  filters,
  owners,
  searchSoon,
  searchNow,
  board = false,
}: {
  idPrefix: string;
  filters: LeadFilters;
  owners: readonly { id: string; name: string }[];
  searchSoon: ChangeEventHandler<HTMLInputElement>;
  searchNow: ChangeEventHandler<HTMLSelectElement>;
  board?: boolean;
}) {
  return (
    <>
      {/* The Spam view keeps to spam while it is searched and filtered. */}
      {filters.spam && !board ? <input type="hidden" name="spam" value="1" /> : null}
      <SearchInput
        id={`${idPrefix}-search`}
        label="Search leads"
        defaultValue={filters.q}
        maxLength={SEARCH_MAX}
        placeholder="Search by business name or email..."
        onChange={searchSoon}
        className={board ? undefined : "col-span-2 w-full sm:col-span-1"}
      />
      {selects(board, owners).map(({ name, label, all, options }) => (
        <FilterSelect
          key={name}
          id={`${idPrefix}-${name}`}
          label={label}
          name={name}
          defaultValue={selectedValue(filters, name)}
          onChange={searchNow}
          all={all}
          options={options}
        />
      ))}
      {board ? null : <MoreFilters idPrefix={idPrefix} filters={filters} searchSoon={searchSoon} />}
    </>
  );
}

const fieldClass = "min-h-11 rounded-lg border border-slate-400 px-3";

/** Open whenever one is set. A typed date searches after a pause, not at each digit of the year. */
function MoreFilters({
  idPrefix,
  filters,
  searchSoon,
}: {
  idPrefix: string;
  filters: LeadFilters;
  searchSoon: ChangeEventHandler<HTMLInputElement>;
}) {
  return (
    <details className="order-last col-span-full" open={Boolean(filters.from || filters.to || filters.source)}>
      <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-navy-800">
        Date and source
      </summary>
      <div className="mt-2 flex flex-wrap items-end gap-3">
        <label className="grid gap-1 text-sm font-semibold text-slate-800" htmlFor={`${idPrefix}-from`}>
          Submitted from
          <input
            id={`${idPrefix}-from`}
            type="date"
            name="from"
            defaultValue={filters.from ?? ""}
            onChange={searchSoon}
            className={fieldClass}
          />
        </label>
        <label className="grid gap-1 text-sm font-semibold text-slate-800" htmlFor={`${idPrefix}-to`}>
          to
          <input
            id={`${idPrefix}-to`}
            type="date"
            name="to"
            defaultValue={filters.to ?? ""}
            onChange={searchSoon}
            className={fieldClass}
          />
        </label>
        <label className="grid gap-1 text-sm font-semibold text-slate-800" htmlFor={`${idPrefix}-source`}>
          Source (a page such as /farms, or a UTM source)
          <input
            id={`${idPrefix}-source`}
            name="source"
            defaultValue={filters.source}
            maxLength={SOURCE_MAX}
            onChange={searchSoon}
            className={fieldClass}
          />
        </label>
      </div>
    </details>
  );
}

type SelectName = "kind" | "status" | "owner" | "sort" | "due";

function selects(board: boolean, owners: readonly { id: string; name: string }[]) {
  const all: { name: SelectName; label: string; all: string; options: { value: string; label: string }[] }[] = [
    {
      name: "kind",
      label: "Type",
      all: "All types",
      options: LEAD_KINDS.map((kind) => ({ value: kind, label: LEAD_KIND_LABELS[kind] })),
    },
    {
      name: "status",
      label: "Status",
      all: "All statuses",
      options: LEAD_STATUSES.map((status) => ({ value: status, label: LEAD_STATUS_LABELS[status] })),
    },
    {
      name: "owner",
      label: "Owner",
      all: "Anyone's",
      options: [
        ...LEAD_OWNER_FILTERS.map((owner) => ({ value: owner, label: LEAD_OWNER_FILTER_LABELS[owner] })),
        ...owners.map((owner) => ({ value: owner.id, label: owner.name })),
      ],
    },
    {
      name: "sort",
      label: "Order",
      all: LEAD_SORT_LABELS.newest,
      options: LEAD_SORTS.filter((sort) => sort !== "newest").map((sort) => ({
        value: sort,
        label: LEAD_SORT_LABELS[sort],
      })),
    },
    { name: "due", label: "Next step", all: "Any next step", options: [{ value: "1", label: "Due today / Overdue" }] },
  ];
  return board ? all.filter((select) => select.name === "kind" || select.name === "owner") : all;
}

/** "" is the "all" choice. */
function selectedValue(filters: LeadFilters, name: SelectName): string {
  if (name === "due") return filters.due ? "1" : "";
  if (name === "sort") return filters.sort === "newest" ? "" : filters.sort;
  return filters[name] ?? "";
}
