import { builtInBusinessDetails } from "~/content/business";
import { site } from "~/content/site";
import type { BusinessDetails } from "~/lib/business-details";
import { formatLongDate } from "~/lib/dates";
import {
  assumptionValue,
  centsPerKwh,
  depreciationWords,
  federalRates,
  kw,
  kwh,
  pct,
  usd0,
  years,
} from "~/lib/estimate-format";
import type { EstimateSnapshot } from "~/lib/estimate-snapshot";
import { AMBER, NAVY, SLATE, textPdf } from "../pdf/text-pdf.server";

const ORIGIN = { input: "your input", data: "published data", rule: "the law", "model-choice": "our assumption" };

/** Made from the stored snapshot, so it says what the page said on the day, whatever changed since. */
export async function estimatePdf(
  snapshot: EstimateSnapshot,
  siteUrl: string,
  contact: BusinessDetails = builtInBusinessDetails,
): Promise<Uint8Array> {
  const r = snapshot.result;
  const doc = await textPdf({
    title: `Solar estimate for ${snapshot.stateName}`,
    author: site.name,
    subject: `Solar savings estimate, ${snapshot.stateName}, ${usd0(snapshot.monthlyBill)} a month`,
    created: new Date(`${snapshot.today}T12:00:00Z`),
  });
  const { regular, bold, write, ensure, space } = doc;
  const heading = (text: string) => {
    ensure(60);
    space(10);
    write(text, bold, 13, NAVY, 5);
  };
  const line = (label: string, value: string) => write(`${label}: ${value}`, regular, 10.5, SLATE, 3);

  write(site.name.toUpperCase(), bold, 10, AMBER);
  space(6);
  write(`Your solar estimate for ${snapshot.stateName}`, bold, 22, NAVY, 6);
  write(
    `At ${usd0(snapshot.monthlyBill)} a month, made on ${formatLongDate(snapshot.today)} with the law as it stood that day. Model ${snapshot.modelVersion}.`,
    regular,
    11,
  );
  const h = r.headline;
  const sameEnds = h ? Math.round(h.savingsLow) === Math.round(h.savingsHigh) : true;
  heading("Estimated annual savings (first year)");
  write(usd0(h?.firstYearSavings ?? r.firstYearSavings.value), bold, 18, NAVY, 6);
  for (const warning of h?.warnings ?? []) write(warning, bold, 10, NAVY, 3);
  write(
    `${h && !sameEnds ? `From ${usd0(h.savingsLow)} to ${usd0(h.savingsHigh)} in the cases listed below. ` : ""}${h ? `After upkeep and income tax: ${usd0(h.firstYearNetSavings)}. ` : ""}Solar lowers the energy (kWh) part of a bill, not demand or fixed charges.`,
    regular,
    10,
  );

  heading("The system and what it costs");
  line("System size", `${kw(r.systemKwDc.value)} DC, sized to your year's use of ${kwh(r.annualUseKwh.value)}`);
  line("First-year production", kwh(r.firstYearProductionKwh.value));
  line("Installed cost before incentives", usd0(r.grossCost.value));
  line(
    "Federal tax credit (§48E)",
    r.federal.counted
      ? `${usd0(r.federal.solarCredit.value + r.federal.storageCredit.value)} (${federalRates(r.federal)})`
      : "not counted",
  );
  write(`${r.federal.reason} ${r.federal.conditions.join(" ")}`, regular, 9.5, SLATE, 3);
  if (r.depreciation.value > 0) {
    line("Tax saved by depreciation", usd0(r.depreciation.value));
    write(depreciationWords(r.bonusDepreciationPct), regular, 9.5, SLATE, 3);
  }
  for (const program of r.stateIncentives.counted)
    line(program.title, `${usd0(program.total.value)} — ${program.conditions} Source: ${program.source.url}`);
  for (const program of r.stateIncentives.mayAlsoApply)
    line(`${program.title} (may also apply, not counted)`, program.reason);
  line("Net cost after incentives", usd0(r.netCost.value));

  heading("What it returns over 25 years");
  line("Simple payback", r.simplePaybackYears ? years(r.simplePaybackYears.value) : "not within 25 years");
  line("Net present value", usd0(r.npv.value));
  line("Internal rate of return", r.irrPct ? pct(r.irrPct.value) : "none");
  line("Cost per kWh over the life", centsPerKwh(r.lifetimeCostPerKwh.value));
  if (r.cliff2027.federalCreditLost.value > 0)
    write(
      `The 2027 cliff: ${r.cliff2027.note} The same system would lose ${usd0(r.cliff2027.federalCreditLost.value)} of federal credit; its 25-year value would be ${usd0(r.cliff2027.npvDifference.value)} lower.`,
      regular,
      10,
    );

  heading("Cash flows by year");
  for (const row of r.cashFlows)
    write(
      `${row.year === 0 ? "Purchase" : `Year ${row.year}`}: savings ${usd0(row.energySavings)}, upkeep ${usd0(-row.operatingCost)}, tax ${usd0(-row.incomeTax)}, incentives ${usd0(row.incentives)}, loan ${usd0(-row.loanPayment)}, net ${usd0(row.net)}, cumulative ${usd0(row.cumulative)}`,
      regular,
      8.5,
      SLATE,
      2,
    );

  heading("If an assumption is wrong");
  for (const c of r.sensitivity)
    write(
      `${c.label}: first-year savings ${usd0(c.firstYearSavings)}, payback ${c.paybackYears === null ? "over 25 years" : years(c.paybackYears)}, 25-year value ${usd0(c.npv)}`,
      regular,
      9.5,
      SLATE,
      3,
    );

  heading("Every assumption and where it comes from");
  r.assumptions.forEach((a, i) => {
    const source = a.source
      ? ` Source: ${a.source.title}, ${a.source.url} (data of ${a.source.year}, reviewed ${a.source.reviewedOn}).`
      : "";
    write(
      `${i + 1}. ${a.label}: ${assumptionValue(a)} (${ORIGIN[a.origin]}).${a.note ? ` ${a.note}` : ""}${source}`,
      regular,
      9,
      SLATE,
      3,
    );
  });
  space(6);
  for (const note of r.notes) write(`• ${note}`, regular, 9, SLATE, 3);
  write("• An estimate for planning only, not a quote and not tax advice.", regular, 9, SLATE, 3);
  space(8);
  write(`Open it again or change an input: ${siteUrl}/solar-calculator?${snapshot.query}`, regular, 9, NAVY, 3);
  write(`${contact.email} · ${contact.phone} · ${contact.address}`, regular, 9.5, SLATE);
  return doc.save();
}
