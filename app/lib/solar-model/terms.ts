import type { CalculatorTerms } from "../content-schemas/incentive";
import { incentiveStatus } from "../content-status";
import type { IsoDate } from "../dates";
import type { IncentiveValue, OwnerType, StructuredIncentive } from "./types";

export type IncentiveRecord = {
  slug: string;
  title: string;
  type: string;
  state: string | null;
  link: string | null;
  status: string | null;
  expiresOn: string | null;
  lastReviewedAt: string;
  calculatorTerms?: readonly CalculatorTerms[] | null;
};

function moneyOf(terms: CalculatorTerms): IncentiveValue | null {
  const rate = terms.rate ?? 0;
  switch (terms.kind) {
    case "percent-of-cost":
      return { kind: "percent-of-cost", percent: rate };
    case "per-watt":
      return { kind: "per-watt", dollarsPerW: rate };
    case "per-kwh":
      return { kind: "per-kwh", dollarsPerKwh: rate, years: terms.years ?? 1 };
    case "fixed":
      return { kind: "fixed", amount: rate };
    default:
      return null;
  }
}

const ALL_OWNERS: OwnerType[] = ["taxable", "pass-through", "tax-exempt"];
const OWNERS_OF: Record<CalculatorTerms["owners"], OwnerType[]> = {
  both: ALL_OWNERS,
  taxable: ["taxable", "pass-through"],
  "tax-exempt": ["tax-exempt"],
  // A credit against personal income tax: a C corporation cannot claim it.
  "personal-income-tax": ["pass-through"],
};
const owners = (terms: CalculatorTerms): OwnerType[] => OWNERS_OF[terms.owners];
const orUndefined = (value: number | null) => (value === null ? undefined : value);

/** Without terms, or with a tax exemption's, a program has no value: listed, never counted. */
function toStructuredIncentive(record: IncentiveRecord): StructuredIncentive | null {
  if (!record.state || record.type === "Federal") return null;
  const terms = record.calculatorTerms?.[0];
  return {
    slug: record.slug,
    state: record.state,
    title: record.title,
    value: terms ? moneyOf(terms) : null,
    notCountedReason:
      terms?.kind === "tax-exemption"
        ? "A tax exemption: its worth depends on the tax you owe, so it is not counted."
        : undefined,
    capPerYear: terms ? orUndefined(terms.capPerYear) : undefined,
    capPerProject: terms ? orUndefined(terms.capPerProject) : undefined,
    carryForwardYears: terms ? orUndefined(terms.carryForwardYears) : undefined,
    minKw: terms ? orUndefined(terms.minKw) : undefined,
    maxKw: terms ? orUndefined(terms.maxKw) : undefined,
    storageRequiredFromKw: terms ? orUndefined(terms.storageRequiredFromKw) : undefined,
    owners: terms ? owners(terms) : ALL_OWNERS,
    endsOn: record.expiresOn,
    inServiceBefore: terms?.inServiceBefore ?? null,
    unconfirmed: terms?.unconfirmed ?? false,
    statewideCap: terms?.statewideCap ?? false,
    conditions: terms?.conditions ?? "",
    source: {
      title: `${record.title}: terms`,
      url: terms?.sourceUrl ?? record.link ?? "",
      year: Number(record.lastReviewedAt.slice(0, 4)),
      reviewedOn: record.lastReviewedAt,
    },
  };
}

/** Current programs only: an ended one is not even listed. */
export function calculatorIncentives(records: readonly IncentiveRecord[], today: IsoDate): StructuredIncentive[] {
  return records
    .filter((record) => incentiveStatus(record, today) !== "Expired")
    .map(toStructuredIncentive)
    .filter((program): program is StructuredIncentive => program !== null);
}
