import type { z } from "zod";
import { withoutControlCharacters } from "../validation/common";
import { type FieldSpec, fieldErrors } from "./fields";
import { incentiveFields, incentiveSchema, STATE_CODES } from "./incentive";
import { industryFields, industrySchema } from "./industry";
import { policyUpdateFields, policyUpdateSchema } from "./policy-update";
import {
  CONTENT_BLOCKS,
  type ContentBlockKey,
  isContentBlockKey,
  siteContentFields,
  siteContentSchema,
} from "./site-content";
import { solarDataFields, solarDataSchema } from "./solar-data";

export * from "./fields";
export * from "./incentive";
export * from "./industry";
export * from "./policy-update";
export * from "./site-content";
export * from "./solar-data";
export * from "./sources";

/** The server validates again with the same schema: it is the authority. */
export const CONTENT_KINDS = ["incentive", "policy_update", "site_content", "industry", "solar_data"] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

export function isContentKind(value: unknown): value is ContentKind {
  return typeof value === "string" && (CONTENT_KINDS as readonly string[]).includes(value);
}

export const CONTENT_KIND_LABELS: Record<ContentKind, { one: string; many: string }> = {
  incentive: { one: "Incentive", many: "Incentives" },
  policy_update: { one: "Policy update", many: "Policy updates" },
  site_content: { one: "Page text", many: "Page texts" },
  industry: { one: "Industry page", many: "Industry pages" },
  solar_data: { one: "Calculator figure", many: "Calculator figures" },
};

export const CONTENT_KIND_ABILITIES: Record<
  ContentKind,
  { create: boolean; retire: boolean; review: boolean; preview: boolean }
> = {
  incentive: { create: true, retire: true, review: true, preview: true },
  policy_update: { create: true, retire: true, review: true, preview: true },
  site_content: { create: false, retire: false, review: true, preview: true },
  industry: { create: false, retire: true, review: true, preview: true },
  // The calculator reads live figures only: a draft figure has no page to preview.
  solar_data: { create: false, retire: false, review: true, preview: false },
};

/** The key is the address and checked by the schema: the server sets it from the address. */
export const KEYED_KINDS: ReadonlySet<ContentKind> = new Set(["site_content", "solar_data"]);

export const contentSchemas = {
  incentive: incentiveSchema,
  policy_update: policyUpdateSchema,
  site_content: siteContentSchema,
  industry: industrySchema,
  solar_data: solarDataSchema,
} as const;

type ContentValues<K extends ContentKind = ContentKind> = z.output<(typeof contentSchemas)[K]>;

export function contentFields(kind: ContentKind, key?: string): readonly FieldSpec[] {
  switch (kind) {
    case "incentive":
      return incentiveFields;
    case "policy_update":
      return policyUpdateFields;
    case "industry":
      return industryFields;
    case "site_content":
      return siteContentFields(key && isContentBlockKey(key) ? key : "site_banner");
    case "solar_data":
      return solarDataFields(key ?? "energy_share");
  }
}

export function fieldLabel(kind: ContentKind, name: string): string {
  const all =
    kind === "site_content"
      ? Object.keys(CONTENT_BLOCKS).flatMap((key) => siteContentFields(key as ContentBlockKey))
      : kind === "solar_data"
        ? [...solarDataFields("energy_share"), ...solarDataFields("cost_band_all")]
        : contentFields(kind);
  const extra: Record<string, string> = {
    lastReviewedAt: "Last reviewed",
    lastReviewedBy: "Reviewed by",
    retiredAt: "Retired",
    retiredBy: "Retired by",
    slug: "Address",
  };
  return all.find((field) => field.name === name)?.label ?? extra[name] ?? name;
}

export type ContentValidation<K extends ContentKind> =
  | { ok: true; values: ContentValues<K> }
  | { ok: false; errors: Record<string, string> };

export function validateContent<K extends ContentKind>(kind: K, input: unknown): ContentValidation<K> {
  const result = contentSchemas[kind].safeParse(input);
  if (result.success) return { ok: true, values: result.data as ContentValues<K> };
  return { ok: false, errors: fieldErrors(result.error) };
}

/** A federal incentive shows on every state page: the first is given. */
export function publicPathsOf(kind: ContentKind, record: Record<string, unknown>): string[] {
  switch (kind) {
    case "incentive": {
      const state = typeof record.state === "string" ? record.state.toLowerCase() : null;
      return [
        "/incentives",
        `/incentives/states/${state ?? "al"}`,
        ...(record.type === "Federal" ? ["/"] : []),
        ...(state && record.moneyValue ? [`/solar-calculator`] : []),
      ];
    }
    case "policy_update":
      return ["/policy-watch"];
    case "industry":
      return typeof record.slug === "string" ? [`/${record.slug}`] : [];
    case "site_content": {
      const key = record.key as ContentBlockKey;
      return [...(CONTENT_BLOCKS[key]?.paths ?? [])];
    }
    case "solar_data":
      return ["/solar-calculator"];
  }
}

export const CONTENT_LIST_STATUSES = ["live", "draft", "retired"] as const;
export type ContentListStatus = (typeof CONTENT_LIST_STATUSES)[number];
export const CONTENT_LIST_STATUS_LABELS: Record<ContentListStatus, string> = {
  live: "Published",
  draft: "Unpublished changes",
  retired: "Retired",
};

export type ContentListFilters = {
  q: string;
  status: ContentListStatus | null;
  type: string | null;
  state: string | null;
  page: number;
};

export function contentListFiltersFrom(params: URLSearchParams): ContentListFilters {
  const status = params.get("status");
  const type = params.get("type");
  const state = params.get("state")?.toUpperCase() ?? null;
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    q: withoutControlCharacters(params.get("q") ?? "")
      .trim()
      .slice(0, 100),
    status: (CONTENT_LIST_STATUSES as readonly string[]).includes(status ?? "") ? (status as ContentListStatus) : null,
    type: type && ["Federal", "State", "Utility", "Local"].includes(type) ? type : null,
    state: state && STATE_CODES.includes(state) ? state : null,
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 100_000) : 1,
  };
}

export const REVIEW_INTERVAL_DAYS = 90;

/** `review_soon` (due within REVIEW_AHEAD_DAYS) is listed after the others. */
const STALE_REASONS = ["ended", "review_due", "source_failed", "review_soon"] as const;
export type StaleReason = (typeof STALE_REASONS)[number];
export const STALE_REASON_LABELS: Record<StaleReason, string> = {
  ended: "Past its end date",
  review_due: `Not reviewed in ${REVIEW_INTERVAL_DAYS} days`,
  source_failed: "Source link failed",
  review_soon: "Review due soon",
};

/** So records reviewed on one day can be re-checked a few at a time, not all on one day. */
export const REVIEW_AHEAD_DAYS = 30;
