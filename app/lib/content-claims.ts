/** Statements false now: a text that trips one is rewritten, not the pattern loosened. */
export type ClaimProblem = { rule: string; sentence: string };

const CREDIT = /30%|federal (?:solar )?(?:tax )?credit|investment tax credit|\bITC\b|48E|Section 48\b/i;
const YEAR_AFTER_2027 = /\b20(?:2[89]|[3-9]\d)\b/;
const BEGIN_CONSTRUCTION = /\b(?:begin|start)(?:s|ning)? construction\b/i;
const WINDOW_DATE = /July 4,? 2026|4 July 2026/i;
const WINDOW_PAST = /\b(?:closed|passed|ended|expired|was the last|had|did not|didn't|began|begun|started|vacat)/i;
/** An end, or the same day as 2027's end: not an availability claim. */
const NOT_AVAILABILITY = /\b(?:ended|ends|expired|no longer|after December 31, 2027|before January 1, 2028)\b/i;
/** Storage keeps §48E for construction begun by 2033 (true), unless the sentence gives solar the same. */
const ABOUT_STORAGE = /\bstorage\b/i;
const SOLAR_KEEPS = /\bsolar (?:projects?|systems?|facilit\w*|panels?) (?:keeps?|gets?|can|qualif\w*|earns?)\b/i;

const RULES: { rule: string; test: (sentence: string) => boolean }[] = [
  { rule: "urges readers to lock in a credit", test: (s) => /\block(?:ing)?[- ]in\b/i.test(s) },
  {
    rule: "says the credit may be repealed or is under review (it was cut by law in July 2025)",
    test: (s) => /may be (?:repealed|under review)/i.test(s),
  },
  {
    rule: "offers beginning construction by July 4, 2026 as still possible (the window closed that day)",
    test: (s) => BEGIN_CONSTRUCTION.test(s) && WINDOW_DATE.test(s) && !WINDOW_PAST.test(s),
  },
  {
    rule: "says the federal solar credit is available after 2027",
    test: (s) =>
      (CREDIT.test(s) &&
        YEAR_AFTER_2027.test(s) &&
        !NOT_AVAILABILITY.test(s) &&
        !(ABOUT_STORAGE.test(s) && !SOLAR_KEEPS.test(s))) ||
      /through 2032/i.test(s),
  },
  { rule: "counts on an ended credit 'while it lasts'", test: (s) => /while it lasts/i.test(s) },
];

function splitSentences(text: string): string[] {
  return text
    .replace(/\s+/g, " ")
    .split(/(?<=[.!?])\s+(?=[A-Z0-9"“])/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

export function falseClaims(text: string): ClaimProblem[] {
  return splitSentences(text).flatMap((sentence) =>
    RULES.filter((rule) => rule.test(sentence)).map((rule) => ({ rule: rule.rule, sentence })),
  );
}

/** Figures with no public source; a labelled illustrative example is fine. */
const UNVERIFIED: { rule: string; test: (sentence: string) => boolean }[] = [
  {
    rule: "states a typical share of the bill solar cuts, without a source",
    test: (s) =>
      /\b(?:commonly|typically|usually|often)\b[^.]*\b(?:cuts?|saves?|reduces?|lowers?)\b[^.]*\b\d+\s*(?:to|-|–)\s*\d+\s*(?:%|percent)/i.test(
        s,
      ),
  },
  {
    rule: "states a typical payback range, without a source",
    test: (s) => /\bpayback\b[^.]*\b\d+\s*(?:to|-|–)\s*\d+\s*years\b/i.test(s),
  },
  {
    rule: "states a share of the load a site can cover, without a source",
    test: (s) => /\bcan cover \d+\s*%/i.test(s),
  },
  { rule: "promises installers vetted by a process nobody can check", test: (s) => /\bvetted\b/i.test(s) },
  {
    rule: "says solar pays for itself, for every business",
    test: (s) => /\bpays? for (?:itself|themselves)\b/i.test(s) && !/\b(?:can|could|may|whether)\b[^.]*\bpay/i.test(s),
  },
];

export function unverifiedClaims(text: string): ClaimProblem[] {
  return splitSentences(text).flatMap((sentence) =>
    UNVERIFIED.filter((rule) => rule.test(sentence)).map((rule) => ({ rule: rule.rule, sentence })),
  );
}
