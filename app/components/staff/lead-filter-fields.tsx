import type { ChangeEventHandler } from "react";
import { FilterSelect, SearchInput } from "~/components/staff/list-page";
import {
  LEAD_KIND_LABELS,
  LEAD_KINDS,
  LEAD_OWNER_FILTER_LABELS,
  LEAD_OWNER_FILTERS,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  type LeadFilters,
  SEARCH_MAX,
} from "~/lib/lead-workspace";

/**
 * The lead filters the list and the board share (search, type, owner); the list adds status and
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
      <SearchInput
        id={`${idPrefix}-search`}
        label="Search leads"
        defaultValue={filters.q}
        maxLength={SEARCH_MAX}
        placeholder="Search by business name or email..."
        onChange={searchSoon}
      />
      <FilterSelect
        id={`${idPrefix}-kind`}
        label="Type"
        name="kind"
        defaultValue={filters.kind ?? ""}
        onChange={searchNow}
        all="All types"
        options={LEAD_KINDS.map((kind) => ({ value: kind, label: LEAD_KIND_LABELS[kind] }))}
      />
      {board ? null : (
        <FilterSelect
          id={`${idPrefix}-status`}
          label="Status"
          name="status"
          defaultValue={filters.status ?? ""}
          onChange={searchNow}
          all="All statuses"
          options={LEAD_STATUSES.map((status) => ({ value: status, label: LEAD_STATUS_LABELS[status] }))}
        />
      )}
      <FilterSelect
        id={`${idPrefix}-owner`}
        label="Owner"
        name="owner"
        defaultValue={filters.owner ?? ""}
        onChange={searchNow}
        all="Anyone's"
        options={LEAD_OWNER_FILTERS.map((owner) => ({ value: owner, label: LEAD_OWNER_FILTER_LABELS[owner] }))}
      />
      {board ? null : (
        <FilterSelect
          id={`${idPrefix}-sort`}
          label="Order"
          name="sort"
          defaultValue={filters.sort === "oldest" ? "oldest" : ""}
          onChange={searchNow}
          all="Newest first"
          options={[{ value: "oldest", label: "Oldest first" }]}
        />
      )}
      {board ? null : (
        <FilterSelect
          id={`${idPrefix}-due`}
          label="Next step"
          name="due"
          defaultValue={filters.due ? "1" : ""}
          onChange={searchNow}
          all="Any next step"
          options={[{ value: "1", label: "Due today / Overdue" }]}
        />
      )}
    </>
  );
}
