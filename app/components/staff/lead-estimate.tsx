import { usd0 } from "~/lib/estimate-format";
import type { estimateSummary } from "~/lib/estimate-snapshot";
import { consultationIndustryOptions } from "~/lib/options";

type Summary = ReturnType<typeof estimateSummary>;

const industryLabel = (value: string) => consultationIndustryOptions.find((option) => option.value === value)?.label;

/**
 * The calculator estimate a visitor asked to be e-mailed, or sent a request from (the bill and
 * consultation forms on a result), as it was on the day.
 */
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
