import { CssIcon } from "./ui/css-icon";

/** Links never go past this; a larger `page` reads as this one. */
const MAX_PAGE = 10_000;

/** Null means no page asked for: the first, or the page holding a previewed record. */
export function requestedPage(url: URL): number | null {
  const value = url.searchParams.get("page")?.trim() ?? "";
  if (!/^\d{1,6}$/.test(value)) return null;
  const page = Number(value);
  return page >= 1 ? Math.min(page, MAX_PAGE) : null;
}

/** Filters stay when paging; `page` is left out on page 1. */
export function pageHref(path: string, filters: Record<string, string | null | undefined>, page: number): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

const numbers = new Intl.NumberFormat("en-US");
const count = (value: number) => numbers.format(value);

export function showingText(
  { page, pageSize, total }: { page: number; pageSize: number; total: number },
  noun: { one: string; many: string },
): string {
  const name = total === 1 ? noun.one : noun.many;
  if (total <= pageSize) return `${count(total)} ${name}`;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return `Showing ${count(first)}–${count(last)} of ${count(total)} ${name}`;
}

const linkClass =
  "inline-flex min-h-11 items-center gap-1 rounded-lg border border-slate-300 px-4 font-semibold text-navy-900 hover:border-navy-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-navy-700";

/** Plain links, so they work without JavaScript. */
export function Pagination({
  label,
  page,
  pageSize,
  total,
  href,
}: {
  label: string;
  page: number;
  pageSize: number;
  total: number;
  href: (page: number) => string;
}) {
  const pages = Math.ceil(total / pageSize);
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-10 flex items-center justify-between gap-4" data-testid="pagination">
      <div className="min-w-32">
        {page > 1 ? (
          <a href={href(page - 1)} rel="prev" className={linkClass}>
            <CssIcon name="chevron-left" className="size-4" />
            Previous<span className="sr-only"> page</span>
          </a>
        ) : null}
      </div>
      <p className="text-sm text-slate-600">{`Page ${count(page)} of ${count(pages)}`}</p>
      <div className="flex min-w-32 justify-end">
        {page < pages ? (
          <a href={href(page + 1)} rel="next" className={linkClass}>
            Next<span className="sr-only"> page</span>
            <CssIcon name="chevron-right" className="size-4" />
          </a>
        ) : null}
      </div>
    </nav>
  );
}
