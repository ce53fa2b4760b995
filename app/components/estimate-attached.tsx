import { usdBill } from "~/lib/estimate-format";

export type FormEstimate = { query: string; stateName: string; monthlyBill: number };

/** Also the form's own action, so a refused post comes back with the estimate. */
export function withEstimate(path: string, query: string | null | undefined): string {
  return query ? `${path}?${new URLSearchParams({ estimate: query })}` : path;
}

export function EstimateAttached({ estimate }: { estimate: FormEstimate }) {
  return (
    <p className="rounded-lg border border-green-300 bg-green-50 p-4 text-slate-900" data-testid="estimate-attached">
      Your calculator estimate for {estimate.stateName} at {usdBill(estimate.monthlyBill)} a month goes with this
      request, so your advisor starts from the same figures.
      <input type="hidden" name="estimate" value={estimate.query} />
    </p>
  );
}

export type FormQuoteCheck = { query: string; stateName: string; kwDc: number };

export function QuoteCheckAttached({ check }: { check: FormQuoteCheck }) {
  return (
    <p className="rounded-lg border border-green-300 bg-green-50 p-4 text-slate-900" data-testid="quote-attached">
      Your check of the {check.kwDc.toLocaleString("en-US")} kW proposal in {check.stateName} goes with this request, so
      your advisor sees each line you entered.
      <input type="hidden" name="quote" value={check.query} />
    </p>
  );
}
