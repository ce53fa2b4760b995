import { SOLAR_CREDIT_EXPIRES_ON } from "~/content/federal-deadlines";
import { addDays, formatLongDate, type IsoDate } from "../dates";
import type { OwnerType, SourceRef } from "./types";

/** §48E as amended by P.L. 119-21, and the Treasury rules around it (fact check 2026-11-25, section 4). */
export const FEDERAL_SOURCES = {
  deadline: {
    title: "EY Tax News: IRS releases guidance on determining beginning of construction for wind and solar projects",
    url: "https://taxnews.ey.com/news/2025-1699-breaking-tax-news-irs-releases-guidance-on-determining-beginning-of-construction-for-wind-and-solar-projects",
    year: 2025,
    reviewedOn: "2026-11-25",
  },
  electivePay: {
    title: "IRS: guidance for certain clean energy producers related to domestic content (elective pay)",
    url: "https://irs.gov/newsroom/treasury-irs-provide-guidance-for-certain-clean-energy-producers-related-to-domestic-content-request-additional-comments-for-upcoming-regulations",
    year: 2024,
    reviewedOn: "2026-11-25",
  },
  storage: {
    title: "ICS Tax: energy storage keeps the §48E credit for construction begun before 2034",
    url: "https://ics-tax.com/?p=12302",
    year: 2025,
    reviewedOn: "2026-11-25",
  },
  bonus: {
    title: "Bloomberg Tax: IRS interim guidance on the additional first-year depreciation deduction (§168(k))",
    url: "https://news.bloomberglaw.com/daily-tax-report/irs-notice-interim-guidance-on-additional-first-year-depreciation-deduction-irc-168k",
    year: 2026,
    reviewedOn: "2026-11-25",
  },
} as const satisfies Record<string, SourceRef>;

/** Last in-service day for solar without a timely construction start: the day before the credit ends. */
export const SOLAR_IN_SERVICE_DEADLINE: IsoDate = addDays(SOLAR_CREDIT_EXPIRES_ON, -1);
/**
 * Construction begun by July 4, 2026 keeps §48E under the 4-year continuity safe harbor: in
 * service by the end of the fourth calendar year after the year construction began (2026 → 2030).
 */
export function continuitySafeHarborEnd(constructionBeganYear: number): IsoDate {
  return `${constructionBeganYear + 4}-12-31`;
}
/** The last year construction can have begun and still keep §48E past 2027 (by July 4, 2026). */
export const LAST_CONSTRUCTION_START_YEAR = 2026;
/** Storage keeps the full credit for construction begun before 2034; in service before 2034 implies it. */
export const STORAGE_FULL_CREDIT_BEFORE: IsoDate = "2034-01-01";
export const FULL_RATE_PCT = 30;
export const BASE_RATE_PCT = 6;
export const FULL_RATE_BELOW_KW_AC = 1000;

export type FederalDecision = {
  solarEligible: boolean;
  storageEligible: boolean;
  ratePct: number;
  /** Share of the credit a tax-exempt owner receives as elective pay (1 or 0). */
  electivePayShare: number;
  reason: string;
  conditions: string[];
};

export function federalDecision(args: {
  inServiceDate: IsoDate;
  /** The year construction began, if it began by July 4, 2026; null otherwise. */
  constructionBeganYear: number | null;
  acKw: number;
  prevailingWage: boolean;
  ownerType: OwnerType;
  domesticContent: boolean;
}): FederalDecision {
  const byDeadline = args.inServiceDate < SOLAR_CREDIT_EXPIRES_ON;
  const began = args.constructionBeganYear;
  const continuityEnd = began === null ? null : continuitySafeHarborEnd(began);
  const byContinuity = continuityEnd !== null && args.inServiceDate <= continuityEnd;
  const solarEligible = byDeadline || byContinuity;
  const storageEligible = args.inServiceDate < STORAGE_FULL_CREDIT_BEFORE;
  const fullRate = args.acKw < FULL_RATE_BELOW_KW_AC || args.prevailingWage;
  const ratePct = fullRate ? FULL_RATE_PCT : BASE_RATE_PCT;
  const conditions = [
    "Projects beginning construction after 2025 must meet the prohibited-foreign-entity (material assistance) rules.",
    fullRate
      ? args.acKw < FULL_RATE_BELOW_KW_AC
        ? "30% because the system is under 1 MW(ac)."
        : "30% because prevailing wage and apprenticeship are met."
      : "6%: the system is 1 MW(ac) or more without prevailing wage and apprenticeship.",
  ];
  let electivePayShare = 1;
  if (args.ownerType === "tax-exempt") {
    conditions.push("A tax-exempt owner claims the credit as a direct payment (elective pay).");
    if (args.acKw >= FULL_RATE_BELOW_KW_AC && !args.domesticContent) {
      // Haircut: 0% for 1 MW+ facilities begun after 2025 (85% for 2025 starts, not assumed).
      electivePayShare = 0;
      conditions.push("Elective pay is 0% for a facility of 1 MW or more begun after 2025 without domestic content.");
    }
  }
  let reason: string;
  if (byDeadline) reason = `Placed in service by ${formatLongDate(SOLAR_IN_SERVICE_DEADLINE)}.`;
  else if (byContinuity)
    reason = `Construction began in ${began} and the system is in service by ${formatLongDate(continuityEnd ?? "")} (continuity safe harbor: four years after the start year).`;
  else if (continuityEnd !== null)
    reason = `In service after ${formatLongDate(continuityEnd)}: beyond the continuity safe harbor for a ${began} start, so the solar credit is not counted.`;
  else
    reason = `No solar credit: in service after ${formatLongDate(SOLAR_IN_SERVICE_DEADLINE)} without construction begun by July 4, 2026.`;
  return { solarEligible, storageEligible, ratePct, electivePayShare, reason, conditions };
}
