import { SOLAR_CREDIT_EXPIRES_ON } from "~/content/federal-deadlines";
import { addDays, formatLongDate, type IsoDate } from "../dates";
import type { OwnerType, SourceRef } from "./types";

/** §48E as amended by P.L. 119-21, and the Treasury rules around it. */
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
  sizeTest: {
    title: "26 U.S. Code §48E(a)(2): 30% for a facility under 1 MW (AC) or storage under 1 MW of capacity",
    url: "https://www.law.cornell.edu/uscode/text/26/48E",
    year: 2025,
    reviewedOn: "2026-11-29",
  },
  bonusRestored: {
    title:
      "BDO: IRS issues interim guidance on bonus depreciation rules (Notice 2026-11): 100% for property acquired after January 19, 2025; component election",
    url: "https://www.bdo.com/insights/tax/irs-issues-interim-guidance-on-bonus-depreciation-rules",
    year: 2026,
    reviewedOn: "2026-11-29",
  },
  bonusPhaseDown: {
    title:
      "Tax Facts (ThinkAdvisor): the TCJA bonus phase-down by year placed in service — 80% 2023, 60% 2024, 40% 2025, 20% 2026, 0% from 2027",
    url: "https://thinkadvisor.com/tax-facts/2024/03/13/7912-what-temporary-bonus-depreciation-rules-may-apply-in-the-context-of-a-cattle-program",
    year: 2024,
    reviewedOn: "2026-11-29",
  },
  macrs: {
    title:
      "IRS Publication 946, Table A-1: 5-year property, half-year convention (20%, 32%, 19.2%, 11.52%, 11.52%, 5.76%)",
    url: "https://www.irs.gov/publications/p946",
    year: 2025,
    reviewedOn: "2026-11-29",
  },
  bonus: {
    title: "Bloomberg Tax: IRS interim guidance on the additional first-year depreciation deduction (§168(k))",
    url: "https://news.bloomberglaw.com/daily-tax-report/irs-notice-interim-guidance-on-additional-first-year-depreciation-deduction-irc-168k",
    year: 2026,
    reviewedOn: "2026-11-25",
  },
} as const satisfies Record<string, SourceRef>;

export const SOLAR_IN_SERVICE_DEADLINE: IsoDate = addDays(SOLAR_CREDIT_EXPIRES_ON, -1);
/** 4-year continuity safe harbor: in service by the end of the 4th calendar year after the start. */
function continuitySafeHarborEnd(constructionBeganYear: number): IsoDate {
  return `${constructionBeganYear + 4}-12-31`;
}
/** Construction begun by July 4, 2026 keeps §48E past 2027. */
export const LAST_CONSTRUCTION_START_YEAR = 2026;
/** Storage keeps the full credit for construction begun before 2034; in service before 2034 implies it. */
const STORAGE_FULL_CREDIT_BEFORE: IsoDate = "2034-01-01";
export const FULL_RATE_PCT = 30;
const BASE_RATE_PCT = 6;
const FULL_RATE_BELOW_KW_AC = 1000;

export type FederalDecision = {
  solarEligible: boolean;
  storageEligible: boolean;
  /** The under-1 MW test applies to the solar and the storage apart. */
  solarRatePct: number;
  storageRatePct: number;
  solarElectivePayShare: number;
  storageElectivePayShare: number;
  reason: string;
  conditions: string[];
};

const kwWords = (kw: number) => `${Math.round(kw).toLocaleString("en-US")} kW`;

function facilityRate(what: string, size: string, underOneMw: boolean, prevailingWage: boolean, assumed?: string) {
  const full = underOneMw || prevailingWage;
  const why = underOneMw
    ? `30% because ${size} is under 1 MW`
    : prevailingWage
      ? "30% because prevailing wage and apprenticeship are met"
      : `6%: ${size} is 1 MW or more, without prevailing wage and apprenticeship`;
  return {
    ratePct: full ? FULL_RATE_PCT : BASE_RATE_PCT,
    sentence: `${what}: ${why}${assumed && !prevailingWage ? ` (${assumed})` : ""}.`,
  };
}

export function federalDecision(args: {
  inServiceDate: IsoDate;
  /** Null unless construction began by July 4, 2026. */
  constructionBeganYear: number | null;
  acKw: number;
  /** Set when `acKw` is only the default (DC ÷ the source's DC/AC ratio). */
  acKwAssumed?: string;
  storageKw: number;
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
  // §48E(a)(2): a qualified facility "with a maximum net output of less than 1 megawatt (as
  // measured in alternating current)"; energy storage "with a capacity of less than 1 megawatt".
  const solar = facilityRate(
    "Solar",
    `its inverters' output, ${kwWords(args.acKw)} AC,`,
    args.acKw < FULL_RATE_BELOW_KW_AC,
    args.prevailingWage,
    args.acKwAssumed,
  );
  const hasStorage = args.storageKw > 0;
  const storage = facilityRate(
    "Storage",
    `the battery's capacity, ${kwWords(args.storageKw)},`,
    args.storageKw < FULL_RATE_BELOW_KW_AC,
    args.prevailingWage,
  );
  const conditions = [
    "Projects beginning construction after 2025 must meet the prohibited-foreign-entity (material assistance) rules.",
    solar.sentence,
    ...(hasStorage ? [storage.sentence] : []),
  ];
  let solarElectivePayShare = 1;
  let storageElectivePayShare = 1;
  if (args.ownerType === "tax-exempt") {
    conditions.push("A tax-exempt owner claims the credit as a direct payment (elective pay).");
    // Haircut: 0% for 1 MW+ facilities begun after 2025 without domestic content (85% for 2025 starts, not assumed).
    if (!args.domesticContent && args.acKw >= FULL_RATE_BELOW_KW_AC) {
      solarElectivePayShare = 0;
      conditions.push("Elective pay is 0% for solar of 1 MW or more begun after 2025 without domestic content.");
    }
    if (!args.domesticContent && hasStorage && args.storageKw >= FULL_RATE_BELOW_KW_AC) {
      storageElectivePayShare = 0;
      conditions.push("Elective pay is 0% for storage of 1 MW or more begun after 2025 without domestic content.");
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
  return {
    solarEligible,
    storageEligible,
    solarRatePct: solar.ratePct,
    storageRatePct: storage.ratePct,
    solarElectivePayShare,
    storageElectivePayShare,
    reason,
    conditions,
  };
}
