import { usd0 } from "~/lib/estimate-format";
import type { estimateSummary } from "~/lib/estimate-snapshot";
import { consultationIndustryOptions } from "~/lib/options";
import type { QuoteCheckSnapshot } from "~/lib/quote-check";

type Summary = ReturnType<typeof estimateSummary>;

const industryLabel = (value: string) => consultationIndustryOptions.find((option) => option.value === value)?.label;

/** As it was on the day. */
export function LeadEstimate({ estimate, emailed }: { estimate: Summary; emailed: boolean }) {
  const rows: [string, string][] = [
    ["Made on", estimate.madeOn],
    ["State", estimate.state],
    ["Industry", estimate.industry ? (industryLabel(estimate.industry) ?? estimate.industry) : "Not given"],
    ["Monthly bill", usd0(estimate.monthlyBill)],
    ["First-year savings", `${usd0(estimate.savingsLow)} to ${usd0(estimate.savingsHigh)}`],
    ["System size", `${estimate.systemKwDc} kW DC`],
    ["Installed cost", usd0(estimate.grossCost)],
    ["Federal credit", usd0(estimate.federalCredit)],
    ["Net cost", usd0(estimate.netCost)],
    ["Simple payback", estimate.paybackYears === null ? "Not within 25 years" : `${estimate.paybackYears} years`],
    ["25-year value (NPV)", usd0(estimate.npv)],
    ["Model", estimate.modelVersion],
  ];
  return (
    <section aria-labelledby="lead-estimate" className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="lead-estimate" className="text-lg font-semibold text-navy-900">
        {emailed ? "The estimate the visitor was sent" : "The estimate the visitor sent this request from"}
      </h2>
      <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-700">{label}</dt>
            <dd className="text-slate-900 tabular">{value}</dd>
          </div>
        ))}
      </dl>
      {/* A public page: a full document load, outside the staff app. */}
      <a
        href={estimate.calculatorPath}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-4 inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-4 font-semibold text-navy-900 hover:bg-slate-100"
      >
        Open it in the calculator (today's law and data)<span className="sr-only"> (opens in a new tab)</span>
      </a>
    </section>
  );
}

export function LeadQuoteCheck({ check }: { check: QuoteCheckSnapshot }) {
  return (
    <section aria-labelledby="lead-quote-check" className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="lead-quote-check" className="text-lg font-semibold text-navy-900">
        The installer's quote the visitor checked
      </h2>
      <p className="mt-1 text-slate-700">
        {check.stateName}, checked on {check.today}: {check.flags} of the lines entered flagged.
      </p>
      <table className="mt-3 w-full text-left text-sm">
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className="py-2 pr-3">
              Line
            </th>
            <th scope="col" className="py-2 pr-3">
              The proposal
            </th>
            <th scope="col" className="py-2 pr-3">
              The model
            </th>
            <th scope="col" className="py-2">
              Verdict
            </th>
          </tr>
        </thead>
        <tbody>
          {check.lines.map((line) => (
            <tr key={line.id} className="border-b border-slate-100 align-top">
              <th scope="row" className="py-2 pr-3 font-medium">
                {line.label}
              </th>
              <td className="py-2 pr-3">{line.claimed ?? "Not given"}</td>
              <td className="py-2 pr-3">{line.modelled}</td>
              <td className="py-2">
                {line.verdict === "flag" ? <strong>Check this: </strong> : line.verdict === "holds" ? "Holds. " : "—"}
                {line.verdict === "flag" ? line.reason : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {/* A public page: a full document load, outside the staff app. */}
      <a
        href={`/check-my-quote?${check.query}`}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-4 inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-4 font-semibold text-navy-900 hover:bg-slate-100"
      >
        Open the check (today's law and data)<span className="sr-only"> (opens in a new tab)</span>
      </a>
    </section>
  );
}
