import { isIsoDate } from "./dates";
import { withoutControlCharacters } from "./validation/common";

export const LEAD_KINDS = ["bill", "consultation", "guide", "estimate"] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

export const LEAD_KIND_LABELS: Record<LeadKind, string> = {
  bill: "Bill upload",
  consultation: "Consultation",
  guide: "Guide request",
  estimate: "Estimate e-mailed",
};

export const LEAD_STATUSES = ["new", "contacted", "qualified", "won", "lost"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
/** No next step is due on these. */
export const CLOSED_LEAD_STATUSES = ["won", "lost"] as const satisfies readonly LeadStatus[];
export const isClosedStatus = (status: string): boolean => (CLOSED_LEAD_STATUSES as readonly string[]).includes(status);

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: "New",
  contacted: "Contacted",
  qualified: "Qualified",
  won: "Won",
  lost: "Lost",
};

export const LEADS_PAGE_SIZE = 50;
export const SEARCH_MAX = 100;

export const LEAD_OWNER_FILTERS = ["mine", "unassigned"] as const;
export type LeadOwnerFilter = (typeof LEAD_OWNER_FILTERS)[number];
export const LEAD_OWNER_FILTER_LABELS: Record<LeadOwnerFilter, string> = { mine: "Mine", unassigned: "Unassigned" };

/** better-auth makes 32 letters and digits. */
const STAFF_ID = /^[A-Za-z0-9_-]{16,64}$/;
export const SOURCE_MAX = 100;

export type LeadFilters = {
  q: string;
  kind: LeadKind | null;
  status: LeadStatus | null;
  owner: LeadOwnerFilter | (string & {}) | null;
  /** YYYY-MM-DD in SITE_TIME_ZONE. */
  from: string | null;
  to: string | null;
  source: string;
  due: boolean;
  sort: LeadSort;
  /** Spam shows only here (decision 0034). */
  spam: boolean;
  page: number;
};

export const LEAD_SORTS = ["newest", "oldest", "next-step", "bill"] as const;
export type LeadSort = (typeof LEAD_SORTS)[number];
export const LEAD_SORT_LABELS: Record<LeadSort, string> = {
  newest: "Newest first",
  oldest: "Oldest first",
  "next-step": "Next step, soonest first",
  bill: "Largest monthly bill first",
};
const isLeadSort = (value: unknown): value is LeadSort =>
  typeof value === "string" && (LEAD_SORTS as readonly string[]).includes(value);

export const NEXT_STEP_MAX = 200;

export function isLeadKind(value: unknown): value is LeadKind {
  return typeof value === "string" && (LEAD_KINDS as readonly string[]).includes(value);
}

export function isLeadStatus(value: unknown): value is LeadStatus {
  return typeof value === "string" && (LEAD_STATUSES as readonly string[]).includes(value);
}

export function leadFiltersFrom(params: URLSearchParams): LeadFilters {
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  const kind = params.get("kind");
  const status = params.get("status");
  const owner = params.get("owner") ?? "";
  const day = (name: string) => {
    const value = params.get(name) ?? "";
    return isIsoDate(value) ? value : null;
  };
  return {
    q: withoutControlCharacters(params.get("q") ?? "")
      .trim()
      .slice(0, SEARCH_MAX),
    kind: isLeadKind(kind) ? kind : null,
    status: isLeadStatus(status) ? status : null,
    owner: owner === "mine" || owner === "unassigned" || STAFF_ID.test(owner) ? owner : null,
    from: day("from"),
    to: day("to"),
    source: withoutControlCharacters(params.get("source") ?? "")
      .trim()
      .slice(0, SOURCE_MAX),
    due: params.get("due") === "1",
    sort: isLeadSort(params.get("sort")) ? (params.get("sort") as LeadSort) : "newest",
    spam: params.get("spam") === "1",
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 100_000) : 1,
  };
}

export const isFiltered = (
  filters: Partial<Pick<LeadFilters, "q" | "kind" | "status" | "owner" | "due" | "spam" | "from" | "to" | "source">>,
): boolean =>
  Boolean(
    filters.q ||
      filters.kind ||
      filters.status ||
      filters.owner ||
      filters.due ||
      filters.spam ||
      filters.from ||
      filters.to ||
      filters.source,
  );

export function leadFiltersToParams(filters: Partial<LeadFilters>): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.kind) params.set("kind", filters.kind);
  if (filters.status) params.set("status", filters.status);
  if (filters.owner) params.set("owner", filters.owner);
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  if (filters.source) params.set("source", filters.source);
  if (filters.due) params.set("due", "1");
  if (filters.sort && filters.sort !== "newest") params.set("sort", filters.sort);
  if (filters.spam) params.set("spam", "1");
  if (filters.page && filters.page > 1) params.set("page", String(filters.page));
  return params;
}

/** Spec: MM/dd/yyyy. */
export function formatAdminDate(value: Date | string, timeZone = "America/New_York"): string {
  const date = typeof value === "string" ? new Date(value) : value;
  return adminDateFormat(timeZone).format(date);
}

// One per time zone: one per row (an export has 100,000) costs time and memory.
const formats = new Map<string, Intl.DateTimeFormat>();
function adminDateFormat(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, month: "2-digit", day: "2-digit", year: "numeric" });
    formats.set(timeZone, format);
  }
  return format;
}

export function formatAdminTime(value: Date | string, timeZone = "America/New_York"): string {
  let format = timeFormats.get(timeZone);
  if (!format) {
    // The zone named ("11:15 AM EST"): staff elsewhere read the site's time.
    format = new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit", timeZoneName: "short" });
    timeFormats.set(timeZone, format);
  }
  return format.format(typeof value === "string" ? new Date(value) : value);
}
const timeFormats = new Map<string, Intl.DateTimeFormat>();

export function formatAdminDay(day: string): string {
  const [year, month, date] = day.split("-");
  return `${month}/${date}/${year}`;
}

/** Spec: an empty phone or bill shows a dash. */
export function displayOrDash(value: string | null | undefined): string {
  return value === null || value === undefined || value === "" ? "-" : value;
}

export function formatBill(value: number | null): string {
  if (value === null) return "-";
  // Whole dollars: a bill's cents change no decision.
  return `$${value.toLocaleString("en-US", { maximumFractionDigits: 0 })}`;
}

export function nextStepDue(on: string, today: string, status: LeadStatus): "overdue" | "today" | null {
  if (isClosedStatus(status)) return null;
  if (on < today) return "overdue";
  return on === today ? "today" : null;
}

export type LeadListRow = {
  id: string;
  kind: LeadKind;
  businessName: string | null;
  contactName: string;
  email: string;
  phone: string | null;
  monthlyBill: number | null;
  hasFile: boolean;
  status: LeadStatus;
  submittedAt: string;
  ownerId: string | null;
  ownerName: string | null;
  /** No longer an admin, or disabled: the lead counts as unassigned. */
  ownerLeft: boolean;
  nextStepOn: string | null;
  nextStep: string | null;
  /** Same address or business name; the list fills it. */
  duplicates?: number;
  estimate: LeadEstimateFigures | null;
};

export function ownerLabel(row: Pick<LeadListRow, "ownerName" | "ownerLeft">): string {
  if (row.ownerName === null) return "Unassigned";
  return row.ownerLeft ? `Unassigned (was ${row.ownerName})` : row.ownerName;
}

export type LeadEstimateFigures = {
  savingsLow: number;
  savingsHigh: number;
  systemKw: number;
  netCost: number;
  paybackYears: number | null;
  query: string;
};

/** The spec's promise, when the business sets no reply time. */
export const REPLY_WITHIN_HOURS = 24;

export function waitingForReply(
  lead: { status: LeadStatus; submittedAt: string },
  now: string,
  hours = REPLY_WITHIN_HOURS,
): boolean {
  return lead.status === "new" && Date.parse(now) - Date.parse(lead.submittedAt) > hours * 3_600_000;
}
