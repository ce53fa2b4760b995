import { ArrowLeft, Plus } from "lucide-react";
import { data, Link } from "react-router";
import { EmptyList, FilterSelect, ListCount, ListSearchForm, Pager, SearchInput } from "~/components/staff/list-page";
import { useToastFrom } from "~/components/staff/staff-toasts";
import { TableHead } from "~/components/staff/table-head";
import { useSearchAsYouType } from "~/components/staff/use-search-as-you-type";
import { noStoreHeaders } from "~/lib/cache-headers";
import { editorPath, KIND_TITLES, kindOfSegment, listPath } from "~/lib/content-kinds";
import {
  CONTENT_KIND_ABILITIES,
  CONTENT_LIST_STATUS_LABELS,
  CONTENT_LIST_STATUSES,
  type ContentKind,
  type ContentListFilters,
  contentListFiltersFrom,
  POLICY_LEVELS,
  STATE_CODES,
} from "~/lib/content-schemas";
import { formatAdminDate } from "~/lib/lead-workspace";
import { pageMeta } from "~/lib/seo";
import { getConfig } from "~/server/config.server";
import { type ContentListRow, listContent } from "~/server/content/list.server";
import { errorFields, log } from "~/server/log.server";
import { database } from "~/server/request-context.server";
import type { Route } from "./+types/content-list";

export const headers = noStoreHeaders;

export function meta(args: Route.MetaArgs) {
  const kind = kindOfSegment(args.params.kind);
  return pageMeta(args, {
    title: kind ? KIND_TITLES[kind].many : "Content",
    description: "Staff area.",
    noindex: true,
  });
}

/** Page texts and industry pages have none. */
const TYPE_FILTERS: Partial<Record<ContentKind, { label: string; values: readonly string[] }>> = {
  incentive: { label: "Type", values: ["Federal", "State", "Utility"] },
  policy_update: { label: "Level", values: POLICY_LEVELS },
};

function kindFrom(params: { kind?: string }): ContentKind {
  const kind = kindOfSegment(params.kind);
  if (!kind) throw data({ message: "No such kind of content" }, { status: 404 });
  return kind;
}

function filtersToParams(filters: ContentListFilters, page = filters.page): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.type) params.set("type", filters.type);
  if (filters.state) params.set("state", filters.state);
  if (filters.status) params.set("status", filters.status);
  if (page > 1) params.set("page", String(page));
  return params;
}

/** Run in SQL from the URL, so views can be shared. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const kind = kindFrom(params);
  const filters = contentListFiltersFrom(new URL(request.url).searchParams);
  const timeZone = getConfig().SITE_TIME_ZONE;
  try {
    const { rows, total, pageSize } = await listContent(await database(context), kind, filters);
    return { kind, filters, rows, total, pageSize, failed: false, timeZone };
  } catch (error) {
    log.error({ ...errorFields(error), kind }, "Error listing content");
    return data(
      { kind, filters, rows: [] as ContentListRow[], total: 0, pageSize: 50, failed: true, timeZone },
      { status: 500 },
    );
  }
}

function contentFilters(kind: ContentKind, typeFilter: { label: string; values: readonly string[] } | undefined) {
  const selects: {
    name: "type" | "state" | "status";
    label: string;
    all: string;
    options: { value: string; label: string }[];
  }[] = [];
  if (typeFilter) {
    const options = typeFilter.values.map((value) => ({ value, label: value }));
    selects.push({ name: "type", label: typeFilter.label, all: `All ${typeFilter.label.toLowerCase()}s`, options });
  }
  if (kind === "incentive" || kind === "solar_data") {
    selects.push({
      name: "state",
      label: "State",
      all: "All states",
      options: STATE_CODES.map((code) => ({ value: code, label: code })),
    });
  }
  const statuses = CONTENT_LIST_STATUSES.filter(
    (status) => status !== "retired" || CONTENT_KIND_ABILITIES[kind].retire,
  );
  const options = statuses.map((status) => ({ value: status, label: CONTENT_LIST_STATUS_LABELS[status] }));
  selects.push({ name: "status", label: "Status", all: "Published and drafts", options });
  return selects;
}

export default function AdminContentList({ loaderData }: Route.ComponentProps) {
  const { kind, filters, rows, total, pageSize, failed, timeZone } = loaderData;
  const here = listPath(kind);
  const { formRef, searchSoon, searchNow, loading } = useSearchAsYouType(here);
  useToastFrom(failed ? { title: "The list could not be loaded", variant: "destructive" } : null);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const typeFilter = TYPE_FILTERS[kind];
  const title = KIND_TITLES[kind];
  const filtered = Boolean(filters.q || filters.type || filters.state || filters.status);

  return (
    <>
      <Link
        to="/admin/content"
        className="inline-flex min-h-11 items-center gap-1 font-semibold text-navy-800 underline underline-offset-4"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        All content
      </Link>
      <div className="mt-2 flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-bold text-navy-900">{title.many}</h1>
        {CONTENT_KIND_ABILITIES[kind].create ? (
          <Link
            to={editorPath(kind, "new")}
            className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-navy-800 px-4 font-semibold text-white hover:bg-navy-700"
          >
            <Plus aria-hidden="true" className="size-4" />
            New {title.one.toLowerCase()}
          </Link>
        ) : null}
      </div>

      <ListSearchForm formRef={formRef} label={title.many} className="flex flex-wrap items-center">
        <SearchInput
          id="content-search"
          label={`Search ${title.many.toLowerCase()}`}
          defaultValue={filters.q}
          maxLength={100}
          placeholder="Search by title or text..."
          onChange={searchSoon}
          className="min-w-64 flex-1"
        />
        {contentFilters(kind, typeFilter).map((filter) => (
          <FilterSelect
            key={filter.name}
            id={`content-${filter.name}`}
            {...filter}
            defaultValue={filters[filter.name] ?? ""}
            onChange={searchNow}
            className="w-auto"
          />
        ))}
      </ListSearchForm>

      <ListCount testId="content-count" loading={loading}>
        {total} {total === 1 ? "record" : "records"}
      </ListCount>

      {rows.length === 0 ? (
        <EmptyList>{filtered ? "Nothing matches your search." : "Nothing here yet."}</EmptyList>
      ) : (
        <ContentTable kind={kind} rows={rows} timeZone={timeZone} />
      )}

      <Pager page={filters.page} pages={pages} hrefFor={(page) => `?${filtersToParams(filters, page)}`} />
    </>
  );
}

function Flags({ row }: { row: ContentListRow }) {
  const flags = [
    row.isNew ? "Not published yet" : null,
    row.hasDraft && !row.isNew ? "Unpublished changes" : null,
    row.retired ? "Retired" : null,
    row.sourceCheckStatus === "failed" ? "Source link failed" : null,
  ].filter((flag): flag is string => Boolean(flag));
  if (!flags.length) return <>-</>;
  return (
    <ul className="flex flex-wrap gap-1">
      {flags.map((flag) => (
        <li key={flag} className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-950">
          {flag}
        </li>
      ))}
    </ul>
  );
}

function ContentTable({ kind, rows, timeZone }: { kind: ContentKind; rows: ContentListRow[]; timeZone: string }) {
  const dated = kind === "incentive" || kind === "policy_update";
  const reviewed = kind !== "site_content";
  const headings = [
    "Title",
    kind === "site_content"
      ? "Shown on"
      : kind === "industry"
        ? "Address"
        : kind === "solar_data"
          ? "Value · year"
          : "Type",
    ...(dated ? ["Status", "End date"] : []),
    ...(reviewed ? ["Last reviewed"] : []),
    "Updated",
    "Notes",
  ];
  return (
    <div className="relative mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full text-left text-sm" data-testid="content-table">
        <caption className="sr-only">{KIND_TITLES[kind].many}</caption>
        <TableHead headings={headings} />
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-t border-slate-200">
              <td className="px-3 py-2">
                <Link
                  to={editorPath(kind, row.id)}
                  className="font-semibold text-navy-800 underline underline-offset-2"
                >
                  {row.title || "(untitled)"}
                </Link>
              </td>
              <td className="px-3 py-2">{row.detail || "-"}</td>
              {dated ? (
                <>
                  <td className="px-3 py-2">{row.shownStatus ?? "-"}</td>
                  <td className="px-3 py-2 tabular">{row.expiresOn ?? "-"}</td>
                </>
              ) : null}
              {reviewed ? <td className="px-3 py-2 tabular">{row.lastReviewedAt ?? "-"}</td> : null}
              <td className="px-3 py-2 tabular">{row.updatedAt ? formatAdminDate(row.updatedAt, timeZone) : "-"}</td>
              <td className="px-3 py-2">
                <Flags row={row} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
