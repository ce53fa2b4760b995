import type { ReactNode } from "react";
import { Card } from "~/components/ui/card";
import { BUYERS_GUIDE_PATH } from "~/content/buyers-guide";
import { formatLongDate } from "~/lib/dates";
import {
  assumptionValue,
  centsPerKwh,
  depreciationWords,
  federalRates,
  kw,
  kwh,
  numberRuns,
  usd0,
  usdBill,
  usdRounded,
  years,
} from "~/lib/estimate-format";
import { LIFETIME_YEARS } from "~/lib/solar-model";
import type { Assumption, EstimateOk, Figure } from "~/lib/solar-model/types";
import { CashFlowChart } from "./cash-flow-chart";

function paidOverYears(byYear: readonly number[]): string {
  const count = byYear.filter((amount) => amount > 0).length;
  return count > 1 ? `Paid over ${count} years. ` : "";
}

function spread(low: number, high: number, format: (n: number) => string): string {
  return format(low) === format(high) ? "" : ` (from ${format(low)} to ${format(high)} in the cases below)`;
}

function BasedOn({ from, numbers }: { from: readonly string[]; numbers: ReadonlyMap<string, number> }) {
  const refs = [...new Set(from.map((id) => numbers.get(id)).filter((n): n is number => n !== undefined))].sort(
    (a, b) => a - b,
  );
  if (refs.length === 0) return null;
  // One link per figure, not per number: a keyboard tabs through a dozen, not 140.
  return (
    <span className="based-on">
      Based on <a href="#estimate-assumptions">assumptions</a> {numberRuns(refs)}
    </span>
  );
}

/** Classes from app/app.css (.figure): a result shows a dozen of them. */
function Line({
  term,
  value,
  children,
  tone,
  testId,
}: {
  term: ReactNode;
  value: string;
  children?: ReactNode;
  tone?: "green" | "blue";
  testId?: string;
}) {
  return (
    <div className={tone ? `figure figure-${tone}` : "figure"} data-testid={testId}>
      <dt>{term}</dt>
      <dd className="value">{value}</dd>
      {children ? <dd className="note">{children}</dd> : null}
    </div>
  );
}

export function EstimateResult({
  result,
  stateName,
  annualBill,
}: {
  result: EstimateOk;
  stateName: string;
  annualBill: number;
}) {
  const numbers = new Map(result.assumptions.map((a, i) => [a.id, i + 1]));
  const ref = (figure: Pick<Figure, "from">) => <BasedOn from={figure.from} numbers={numbers} />;
  const headline = result.headline;
  const firstYear = result.cashFlows[1];
  const energyValue = firstYear && firstYear.productionKwh > 0 ? firstYear.energySavings / firstYear.productionKwh : 0;
  const discount = result.assumptions.find((a) => a.id.endsWith("discountRate") || a.id.endsWith("discountRatePct"));
  const federal = result.federal;
  return (
    <div className="space-y-8">
      <Card>
        {headline.warnings.map((warning) => (
          <p key={warning} role="note" className="mb-4 rounded-lg border border-amber-400 bg-amber-50 p-3 font-medium">
            {warning}
          </p>
        ))}
        <dl className="grid gap-6 sm:grid-cols-2">
          <div>
            <dt className="text-slate-700">Estimated annual savings</dt>
            <dd className="text-4xl font-bold text-green-800 tabular" data-testid="savings-headline">
              {usdRounded(headline.firstYearSavings)}
            </dd>
            <dd className="mt-2 text-slate-800">
              In the first year, on your {usdBill(annualBill)} annual electricity cost
              {spread(headline.savingsLow, headline.savingsHigh, usdRounded)}; after upkeep and income tax{" "}
              {usdRounded(headline.firstYearNetSavings)}. Solar lowers the energy (kWh) part of a bill, not demand or
              fixed charges.
              {ref(result.firstYearSavings)}
            </dd>
          </div>
          <div>
            <dt className="text-slate-700">Payback</dt>
            <dd className="text-4xl font-bold text-navy-900 tabular" data-testid="payback-headline">
              {headline.paybackYears === null ? `Over ${LIFETIME_YEARS} years` : years(headline.paybackYears)}
            </dd>
            <dd className="mt-2 text-slate-800">
              {headline.paybackLow === null
                ? "Not within the system's life in every case below."
                : `From ${years(headline.paybackLow)} to ${headline.paybackHigh === null ? `over ${LIFETIME_YEARS} years` : years(headline.paybackHigh)} in the cases below.`}
              {result.simplePaybackYears ? ref(result.simplePaybackYears) : null}
            </dd>
          </div>
        </dl>
      </Card>

      <section aria-labelledby="estimate-figures">
        <h3 id="estimate-figures" className="text-xl font-semibold text-navy-900">
          The system and what it costs
        </h3>
        <dl className="mt-4 grid gap-4 sm:grid-cols-2">
          <Line term="System size" value={`${kw(result.systemKwDc.value)} DC`}>
            Sized to your year's use ({kwh(result.annualUseKwh.value)}), never above it.{ref(result.systemKwDc)}
          </Line>
          <Line term="First-year production" value={kwh(result.firstYearProductionKwh.value)}>
            {ref(result.firstYearProductionKwh)}
          </Line>
          <Line term="Installed cost before incentives" value={usdRounded(result.grossCost.value)}>
            {ref(result.grossCost)}
          </Line>
          <Line
            tone="green"
            testId="federal-line"
            term={`Federal tax credit (§48E${federal.counted ? `, ${federalRates(federal)}` : ""}${federal.electivePay ? ", elective pay" : ""})`}
            value={
              federal.counted ? usdRounded(federal.solarCredit.value + federal.storageCredit.value) : "Not counted"
            }
          >
            {federal.reason} {federal.conditions.join(" ")}
            {federal.counted && !federal.electivePay
              ? " Counted in year one: that needs a federal tax bill at least as large (unused credit carries forward or can be sold); ask your tax advisor."
              : ""}
            {ref(federal.solarCredit)}
          </Line>
          {result.depreciation.value > 0 ? (
            <Line term="Tax saved by depreciation" value={usdRounded(result.depreciation.value)}>
              {depreciationWords(result.bonusDepreciationPct)}
              {ref(result.depreciation)}
            </Line>
          ) : null}
          {result.stateIncentives.counted.map((program) => (
            <Line
              key={program.slug}
              tone="blue"
              testId="state-line"
              term={program.title}
              value={usd0(program.total.value)}
            >
              {program.capPerYear !== null ? `At most ${usd0(program.capPerYear)} a year. ` : ""}
              {program.capPerProject !== null ? `At most ${usd0(program.capPerProject)} per project. ` : ""}
              {paidOverYears(program.byYear)}
              {program.endsOn ? `Ends ${formatLongDate(program.endsOn)}. ` : ""}
              {program.conditions} <a href={program.source.url}>Source ({program.source.year})</a>
              {ref(program.total)}
            </Line>
          ))}
          <Line term="Net cost after incentives" value={usdRounded(result.netCost.value)}>
            Incentives as paid, not discounted: a credit spread over years is worth less than its total today (the
            25-year value below accounts for when each is paid).{ref(result.netCost)}
          </Line>
        </dl>
      </section>

      <section aria-labelledby="estimate-returns">
        <h3 id="estimate-returns" className="text-xl font-semibold text-navy-900">
          What it returns over 25 years
        </h3>
        <dl className="mt-4 grid gap-4 sm:grid-cols-2">
          <Line
            term={`Net present value (25 years at ${discount ? assumptionValue(discount) : "the discount rate"})`}
            value={usdRounded(result.npv.value)}
          >
            {ref(result.npv)}
          </Line>
          <Line
            term={`Net present value at ${result.npvAtHigherRate.ratePct}%`}
            value={usdRounded(result.npvAtHigherRate.npv.value)}
          >
            The same cash flows at a stricter rate.{ref(result.npvAtHigherRate.npv)}
          </Line>
          <Line term="Internal rate of return" value={result.irrPct ? `${Math.round(result.irrPct.value)}%` : "None"}>
            {result.irrPct ? ref(result.irrPct) : null}
          </Line>
          <Line term="Cost per kWh over the life" value={centsPerKwh(result.lifetimeCostPerKwh.value)}>
            Compare it with what a solar kWh saves: {centsPerKwh(energyValue)} of energy charges in year one (not the
            average price, which includes demand charges). Before financing.{ref(result.lifetimeCostPerKwh)}
          </Line>
        </dl>
        {result.cliff2027.federalCreditLost.value > 0 ? (
          <p className="mt-4 rounded-lg border border-sun-500 bg-amber-50 p-4 text-slate-900" data-testid="cliff-line">
            <strong>The 2027 cliff:</strong> {result.cliff2027.note} The same system would lose{" "}
            {usdRounded(result.cliff2027.federalCreditLost.value)} of federal credit, and its 25-year value would be{" "}
            {usdRounded(result.cliff2027.npvDifference.value)} lower.{" "}
            <a href={BUYERS_GUIDE_PATH} className="font-medium underline underline-offset-2">
              What “placed in service” means, and the other 2026–2027 rules
            </a>
          </p>
        ) : null}
        <div className="mt-6">
          <CashFlowChart rows={result.cashFlows} />
        </div>
      </section>

      <section aria-labelledby="estimate-sensitivity">
        <h3 id="estimate-sensitivity" className="text-xl font-semibold text-navy-900">
          If an assumption is wrong
        </h3>
        <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label="Other cases table">
          <table className="data-table sensitivity">
            <caption className="sr-only">The estimate under other assumptions</caption>
            <thead>
              <tr>
                <th scope="col">Case</th>
                <th scope="col">First-year savings</th>
                <th scope="col">Payback</th>
                <th scope="col">25-year value</th>
              </tr>
            </thead>
            <tbody>
              {result.sensitivity.map((row) => (
                <tr key={row.id}>
                  <th scope="row">{row.label}</th>
                  <td>{usd0(row.firstYearSavings)}</td>
                  <td>{row.paybackYears === null ? "Over 25 years" : years(row.paybackYears)}</td>
                  <td>{usdRounded(row.npv)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      {result.stateIncentives.mayAlsoApply.length > 0 ? (
        <section aria-labelledby="estimate-may-apply">
          <h3 id="estimate-may-apply" className="text-xl font-semibold text-navy-900">
            {stateName} programs that may also apply (not counted above)
          </h3>
          <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-800">
            {result.stateIncentives.mayAlsoApply.map((program) => (
              <li key={program.slug}>
                {program.title}: {program.reason}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <Assumptions assumptions={result.assumptions} notes={result.notes} modelVersion={result.modelVersion} />
    </div>
  );
}

function Assumptions({
  assumptions,
  notes,
  modelVersion,
}: {
  assumptions: readonly Assumption[];
  notes: readonly string[];
  modelVersion: string;
}) {
  const origin = { input: "Your input", data: "Published data", rule: "The law", "model-choice": "Our assumption" };
  return (
    <section aria-labelledby="estimate-assumptions">
      <h3 id="estimate-assumptions" className="text-xl font-semibold text-navy-900">
        Every assumption and where it comes from
      </h3>
      <ol className="assumptions mt-3 space-y-2 text-sm text-slate-800">
        {assumptions.map((a, i) => (
          <li key={a.id} id={`assumption-${i + 1}`}>
            {a.label}: <strong>{assumptionValue(a)}</strong> ({origin[a.origin]})
            {a.note ? <span className="note">{a.note}</span> : null}
            {a.source ? (
              <span className="source">
                <a href={a.source.url}>{a.source.title}</a>, data of {a.source.year}, reviewed {a.source.reviewedOn}
              </span>
            ) : null}
          </li>
        ))}
      </ol>
      <ul className="mt-4 list-disc space-y-1 pl-5 text-sm text-slate-700">
        {notes.map((note) => (
          <li key={note}>{note}</li>
        ))}
        <li>Estimates only; not tax advice. Model {modelVersion}, the law as it stands on the day shown.</li>
      </ul>
    </section>
  );
}
