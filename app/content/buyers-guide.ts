/**
 * "A buyer's guide to the 2026–2027 federal rules" (Public Law 119-21). Each statement names its
 * sources, official text first. Research notes: docs/buyers-guide-sources.md.
 */
/** `keyTerm`: what the page shows, for the source link check. */
export type GuideSource = { title: string; url: string; keyTerm?: string };
type GuideStatement = { text: string; sources: readonly GuideSource[]; reviewedOn: string };
export type GuideSection = { id: string; heading: string; statements: readonly GuideStatement[] };
export type GuideQuestion = { question: string; answer: string; sources: readonly GuideSource[] };

export const BUYERS_GUIDE_PATH = "/incentives/buyers-guide";
export const BUYERS_GUIDE_TITLE = "A Buyer's Guide to the 2026–2027 Federal Solar Rules";
/** The day the whole guide was last checked against its sources. */
export const BUYERS_GUIDE_REVIEWED = "2026-11-26";
/** The Article's datePublished. */
export const BUYERS_GUIDE_PUBLISHED = "2026-11-26";

const checked = BUYERS_GUIDE_REVIEWED;

export const guideSources = {
  law: {
    title: "Public Law 119-21 (H.R. 1), text, §70512–70513",
    url: "https://www.govinfo.gov/content/pkg/PLAW-119publ21/html/PLAW-119publ21.htm",
    keyTerm: "70513",
  },
  reg48E: {
    title: "26 CFR §1.48E-2(b)(2): when a qualified facility is placed in service",
    url: "https://www.ecfr.gov/current/title-26/section-1.48E-2",
    keyTerm: "1.48E-2",
  },
  pisArticle: {
    title: "Norton Rose Fulbright, Project Finance NewsWire: placed-in-service date (PLR 201611011)",
    url: "https://www.projectfinance.law/publications/2016/april/placed-in-service-date/",
  },
  ey: {
    title: "EY: IRS updates wind and solar credit construction rules",
    url: "https://www.ey.com/en_us/insights/tax/irs-updates-wind-solar-credit-construction-rules",
  },
  kpmg: {
    title: "KPMG TaxNewsFlash: termination of clean electricity credits for wind and solar",
    url: "https://kpmg.com/us/en/taxnewsflash/news/2025/07/eo-termination-clean-electricity-tax-credits.html",
  },
  notice202542: {
    title: "IRS Notice 2025-42: beginning of construction for wind and solar facilities",
    url: "https://www.irs.gov/pub/irs-drop/n-25-42.pdf",
  },
  nixon: {
    title: "Nixon Peabody: changes to beginning-of-construction rules (Notice 2025-42)",
    url: "https://www.nixonpeabody.com/insights/alerts/2025/08/28/changes-to-beginning-construction-rules-for-clean-electricity-tax-credits",
  },
  vacatur: {
    title: "Norton Rose Fulbright: US court rejects Treasury tightening of construction-start rules",
    url: "https://www.projectfinance.law/publications/us-court-reject-treasury-tightening-of-construction-start-rules",
  },
  continuity2013: {
    title: "McGuireWoods: beginning-of-construction continuity safe harbor (four calendar years)",
    url: "https://www.mcguirewoods.com/client-resources/Alerts/2019/7/beginning-construction-continuity-safe-harbor-extended-for-national-security-concerns",
  },
  continuity2025: {
    title: "Holland & Knight (JD Supra): Notice 2025-42 keeps a four-year continuity safe harbor",
    url: "https://production.jdsupra.com/legalnews/beginning-of-construction-for-solar-and-4839749",
  },
  usc7701: {
    title: "26 U.S. Code §7701(a)(51)–(52): prohibited foreign entity, material assistance",
    url: "https://www.law.cornell.edu/uscode/text/26/7701",
    keyTerm: "7701",
  },
  husch: {
    title: "Husch Blackwell: FEOC restrictions on energy tax credits, the threshold schedules",
    url: "https://www.huschblackwell.com/newsandinsights/feoc-restrictions-on-energy-tax-credits-an-update",
  },
  pvmag2026: {
    title: "pv magazine USA (Feb. 13, 2026): Treasury and IRS release interim prohibited-foreign-entity guidance",
    url: "https://pv-magazine-usa.com/2026/02/13/treasury-irs-release-interim-guidance-on-prohibited-foreign-entity-restrictions-for-solar-tax-credits",
  },
  notice202615: {
    title: "IRS Notice 2026-15: material assistance cost ratio, interim guidance",
    url: "https://www.irs.gov/pub/irs-drop/n-26-15.pdf",
  },
  mondaq: {
    title: "Mondaq: IRS issues interim guidance on material assistance from a prohibited foreign entity",
    url: "https://www.mondaq.com/unitedstates/tax-authorities/1752944/irs-issues-interim-guidance-on-material-assistance-from-a-prohibited-foreign-entity",
  },
  usc45Y: {
    title: "26 U.S. Code §45Y(d): phase-out by the year construction begins",
    url: "https://www.law.cornell.edu/uscode/text/26/45Y",
    keyTerm: "45Y",
  },
  pierce: {
    title: "Pierce Atwood: Congress phases out energy tax credits (storage schedule)",
    url: "https://www.pierceatwood.com/alerts/congress-phases-out-energy-tax-credits",
  },
  usc168: {
    title: "26 U.S. Code §168(k): special (bonus) depreciation allowance",
    url: "https://www.law.cornell.edu/uscode/text/26/168",
    keyTerm: "168",
  },
  notice202611: {
    title: "IRS Notice 2026-11: interim guidance on 100% additional first-year depreciation",
    url: "https://www.irs.gov/pub/irs-drop/n-26-11.pdf",
  },
  pwc: {
    title: "PwC: bonus depreciation guidance provides familiar rules (Notice 2026-11)",
    url: "https://www.pwc.com/us/en/services/tax/library/pwc-bonus-depreciation-guidance-provides-familiar-rules.html",
  },
  usc50: {
    title: "26 U.S. Code §50(c): basis reduced by half of an energy credit",
    url: "https://www.law.cornell.edu/uscode/text/26/50",
    keyTerm: "§ 50",
  },
  i3468: {
    title: "IRS Instructions for Form 3468 (Investment Credit)",
    url: "https://www.irs.gov/instructions/i3468",
  },
  usc6417: {
    title: "26 U.S. Code §6417: elective payment of applicable credits",
    url: "https://www.law.cornell.edu/uscode/text/26/6417",
    keyTerm: "6417",
  },
  electivePayRelease: {
    title: "IRS IR-2024-61: final elective pay regulations, applicable entities and pre-filing registration",
    url: "https://www.irs.gov/node/131951",
  },
  electivePayPage: {
    title: "IRS: elective pay and transferability",
    url: "https://www.irs.gov/credits-deductions/elective-pay-and-transferability",
  },
  usc48E: {
    title: "26 U.S. Code §48E: clean electricity investment credit",
    url: "https://www.law.cornell.edu/uscode/text/26/48E",
    keyTerm: "48E",
  },
  domesticContent: {
    title: "IRS IR-2023-252: domestic content and the elective-pay phase-out for projects of 1 MW or more",
    url: "https://irs.gov/newsroom/treasury-irs-provide-guidance-for-certain-clean-energy-producers-related-to-domestic-content-request-additional-comments-for-upcoming-regulations",
  },
  appa: {
    title: "American Public Power Association: elective pay domestic-content reductions and exceptions",
    url: "https://publicpower.org/periodical/article/treasury-irs-issue-guidance-elective-payment-domestic-content-waivers-2024",
  },
} satisfies Record<string, GuideSource>;

const say = (text: string, ...sources: GuideSource[]): GuideStatement => ({ text, sources, reviewedOn: checked });

export const buyersGuideSections: readonly GuideSection[] = [
  {
    id: "placed-in-service",
    heading: "“Placed in service” is the date that decides the credit",
    statements: [
      say(
        "For the federal clean electricity investment credit (§48E), a solar system is placed in service in the tax year it is ready and available to produce electricity, or the year its depreciation starts if that is earlier: not the day you sign the contract or pay for the system.",
        guideSources.reg48E,
        guideSources.pisArticle,
      ),
      say(
        "For a grid-connected system that has meant being able to deliver electricity to the grid. A system that is built but cannot yet operate on December 31, 2027 is at risk of missing the deadline.",
        guideSources.pisArticle,
      ),
      say(
        "Public Law 119-21, signed July 4, 2025, ends §48E for solar property placed in service after December 31, 2027, unless construction began by July 4, 2026.",
        guideSources.law,
        guideSources.ey,
        guideSources.kpmg,
      ),
    ],
  },
  {
    id: "continuity-window",
    heading: "Projects that began construction by July 4, 2026: the continuity window",
    statements: [
      say(
        "Construction begins when physical work of a significant nature starts, on site or off site under a binding written contract, or, under the long-standing 5% safe harbor, when at least 5% of the project's total cost has been paid or incurred. Planning, permits, studies and site clearing do not count.",
        guideSources.notice202542,
        guideSources.ey,
      ),
      say(
        "IRS Notice 2025-42 (August 15, 2025) removed the 5% safe harbor for solar facilities over 1.5 MW (AC) beginning construction on or after September 2, 2025; smaller solar facilities kept it.",
        guideSources.notice202542,
        guideSources.nixon,
      ),
      say(
        "On June 6, 2026 a federal district court vacated Notice 2025-42. If that ruling stands, a solar project over 1.5 MW (AC) that had paid or incurred 5% of its cost by July 4, 2026 may count as begun. Whether the ruling was appealed or stayed could not be confirmed as of November 26, 2026, and it does not reopen the July 4, 2026 date.",
        guideSources.vacatur,
      ),
      say(
        "A project that began construction must be built continuously. The IRS treats that as met if the system is placed in service within four calendar years after the year construction began: a project begun in 2026 by the end of 2030.",
        guideSources.continuity2013,
        guideSources.continuity2025,
      ),
      say(
        "Before you buy a project or equipment sold as “safe-harbored”, ask for the dated binding written contracts, dated photos, logs and invoices of physical work done before July 5, 2026, the cost records if the claim rests on the 5% test, and a schedule showing continuous work since. Tax-equity investors, tax insurers and IRS examiners test exactly these points; a tax adviser's written analysis is a sensible extra check, not a document the rules require.",
        guideSources.vacatur,
      ),
    ],
  },
  {
    id: "foreign-entity",
    heading: "Foreign-entity rules: where your panels, inverters and batteries come from",
    statements: [
      say(
        "A solar system whose construction begins after December 31, 2025 does not qualify for §48E if it includes “material assistance” from a prohibited foreign entity; the same bar applies to battery storage.",
        guideSources.usc7701,
        guideSources.law,
      ),
      say(
        "Material assistance is measured as the share of the system's manufactured-product cost that does not come from prohibited foreign entities. For solar it must be at least 40% for construction beginning in 2026, 45% in 2027, 50% in 2028, 55% in 2029 and 60% after; for storage 55% in 2026, 60% in 2027, 65% in 2028, 70% in 2029 and 75% after.",
        guideSources.usc7701,
        guideSources.husch,
        guideSources.pvmag2026,
      ),
      say(
        "IRS Notice 2026-15 (February 12, 2026) explains how to calculate that share and lets an owner rely on certifications from its suppliers. Ask every module, inverter, racking and battery supplier for a written certification before you sign.",
        guideSources.notice202615,
        guideSources.mondaq,
      ),
    ],
  },
  {
    id: "storage",
    heading: "Battery storage keeps the credit much longer",
    statements: [
      say(
        "The December 31, 2027 cutoff applies to wind and solar, not to energy storage, even when the battery is installed at a solar site.",
        guideSources.law,
      ),
      say(
        "Storage keeps the full §48E credit for construction beginning by December 31, 2033; the credit falls to 75% for construction beginning in 2034, 50% in 2035 and nothing from 2036.",
        guideSources.usc45Y,
        guideSources.pierce,
      ),
      say(
        "Storage faces the foreign-entity test at a higher share than solar: 55% for construction beginning in 2026 and 60% in 2027.",
        guideSources.husch,
      ),
    ],
  },
  {
    id: "bonus-depreciation",
    heading: "Bonus depreciation",
    statements: [
      say(
        "Public Law 119-21 made 100% first-year (bonus) depreciation permanent for qualifying property acquired after January 19, 2025.",
        guideSources.usc168,
        guideSources.pwc,
      ),
      say(
        "Under IRS Notice 2026-11, property counts as acquired no later than the day a written binding contract for it is signed: a system bought under a contract signed on or before January 19, 2025 does not get the permanent 100% rate.",
        guideSources.notice202611,
        guideSources.pwc,
      ),
      say(
        "When you claim the investment credit, the depreciable basis is normally reduced by half of the credit: with a 30% credit you depreciate 85% of the cost.",
        guideSources.usc50,
        guideSources.i3468,
      ),
    ],
  },
  {
    id: "elective-pay",
    heading: "Elective pay for nonprofits, governments and other tax-exempt owners",
    statements: [
      say(
        "Tax-exempt organizations, state and local governments, Indian tribal governments, rural electric cooperatives and other “applicable entities” can take the §48E credit as a payment from the IRS (elective pay), with any excess over tax owed refunded.",
        guideSources.usc6417,
        guideSources.electivePayRelease,
      ),
      say(
        "The owner must complete the IRS pre-filing registration and receive a registration number before it makes the election, then file its return on time.",
        guideSources.electivePayRelease,
      ),
      say(
        "For a system of 1 MW or more whose construction began after 2025, the elective payment is zero unless the project meets the domestic-content requirement or qualifies for one of its exceptions (cost increase or non-availability of U.S. products).",
        guideSources.usc48E,
        guideSources.domesticContent,
        guideSources.appa,
      ),
      say(
        "Elective pay delivers only the credit the system earns: a tax-exempt owner's solar system must still be placed in service by December 31, 2027 unless construction began by July 4, 2026.",
        guideSources.electivePayPage,
        guideSources.law,
      ),
    ],
  },
  {
    id: "deadline",
    heading: "“In service by December 31, 2027” is not a sign-up window",
    statements: [
      say(
        "There is nothing to apply or enroll for by December 31, 2027: a new solar project earns §48E only if it is operating, placed in service, by that day.",
        guideSources.law,
      ),
      say(
        "Working back from that day, design, permits, equipment that passes the foreign-entity test, installation, inspection and the utility's permission to operate all have to fit in the time left. If any step can slip past December 31, 2027, plan without the credit.",
        guideSources.pisArticle,
      ),
    ],
  },
];

export const buyersGuideFaq: readonly GuideQuestion[] = [
  {
    question: "What does “placed in service” mean for my solar system?",
    answer:
      "It is the tax year the system is ready and available to produce electricity (or, if earlier, the year its depreciation starts), not the day you sign a contract or pay for it. For a grid-connected system that has generally meant being able to deliver power to the grid.",
    sources: [guideSources.reg48E, guideSources.pisArticle],
  },
  {
    question: "Can I still get the federal solar tax credit if I start a project now?",
    answer:
      "Yes, if the system is placed in service by December 31, 2027; the window to begin construction by July 4, 2026 and escape that deadline has closed. The credit is 6% of eligible cost, or 30% for systems under 1 MW (AC) or that meet the prevailing wage and apprenticeship rules.",
    sources: [guideSources.ey, guideSources.usc48E],
  },
  {
    question: "A seller says a project is “safe-harbored”. How do I check?",
    answer:
      "Ask for dated binding contracts, evidence of physical work of a significant nature done before July 5, 2026, cost records if the claim rests on the 5% test, and proof of continuous work since. A project that qualifies generally has until the end of the fourth calendar year after construction began to be placed in service.",
    sources: [guideSources.vacatur, guideSources.continuity2025],
  },
  {
    question: "Do panels or inverters from a prohibited foreign supplier disqualify my project?",
    answer:
      "They can: for solar construction beginning in 2026, at least 40% of the manufactured-product cost must come from suppliers that are not prohibited foreign entities (45% for 2027), and storage needs 55% (60% for 2027). IRS Notice 2026-15 explains the calculation and lets you rely on supplier certifications.",
    sources: [guideSources.husch, guideSources.mondaq],
  },
  {
    question: "Does a battery have the same 2027 deadline as solar?",
    answer:
      "No. Energy storage is outside the wind-and-solar cutoff and keeps the full §48E credit for construction beginning through 2033, then 75% for 2034 starts and 50% for 2035 starts.",
    sources: [guideSources.law, guideSources.pierce],
  },
  {
    question: "We are a nonprofit. Can we get the credit as a payment?",
    answer:
      "Yes, through elective pay, after the IRS pre-filing registration and with a return filed on time. For a system of 1 MW or more whose construction began after 2025, the payment is zero unless it meets the domestic-content requirement or an exception applies.",
    sources: [guideSources.electivePayRelease, guideSources.appa],
  },
];

export const buyersGuideSources: readonly GuideSource[] = Object.values(guideSources);
