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
} from "~/lib/lead-workspace";

/**
 * The lead filters the list and the board share (search, type, owner); the list adds status, order and
 * "Due today / Overdue" (the board's columns are the statuses).
 */
export function LeadFilterFields({
  idPrefix,
  filters,
  searchSoon,
  searchNow,
  board = false,
}: {
  idPrefix: string;
  filters: LeadFilters;
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
        // The list's phone layout is two columns of selects under a full-width search.
        className={board ? undefined : "col-span-2 w-full sm:col-span-1"}
      />
      {selects(board).map(({ name, label, all, options }) => (
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
    </>
  );
}

type SelectName = "kind" | "status" | "owner" | "sort" | "due";

/** The list's selects in order; the board leaves out status (its columns) and the list-only ones. */
function selects(board: boolean) {
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
      options: LEAD_OWNER_FILTERS.map((owner) => ({ value: owner, label: LEAD_OWNER_FILTER_LABELS[owner] })),
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

/** A select's value as the URL carries it ("" for its "all" choice). */
function selectedValue(filters: LeadFilters, name: SelectName): string {
  if (name === "due") return filters.due ? "1" : "";
  if (name === "sort") return filters.sort === "newest" ? "" : filters.sort;
  return filters[name] ?? "";
}
