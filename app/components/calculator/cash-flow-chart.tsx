import { usd0, wholeNumber } from "~/lib/estimate-format";
import type { CashFlowRow } from "~/lib/solar-model/types";

const WIDTH = 640;
const HEIGHT = 260;
const PAD = { top: 16, right: 12, bottom: 28, left: 64 };

/** Server-rendered SVG (no chart script on public pages), with the figures as a table too. */
export function CashFlowChart({ rows }: { rows: readonly CashFlowRow[] }) {
  const values = rows.map((row) => row.cumulative);
  const max = Math.max(0, ...values);
  const min = Math.min(0, ...values);
  const span = max - min || 1;
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  // A tenth of a unit is finer than a pixel; more digits would only weigh on the page.
  const tenth = (n: number) => Math.round(n * 10) / 10;
  const x = (year: number) => tenth(PAD.left + (year / Math.max(1, rows.length - 1)) * plotW);
  const y = (value: number) => tenth(PAD.top + ((max - value) / span) * plotH);
  const barW = tenth(Math.max(2, plotW / rows.length - 4));
  const payback = rows.find((row) => row.year > 0 && row.cumulative >= 0);
  const summary = `Cumulative cash position from ${usd0(rows[0]?.cumulative ?? 0)} at purchase to ${usd0(
    rows.at(-1)?.cumulative ?? 0,
  )} after ${rows.length - 1} years${payback ? `; it turns positive in year ${payback.year}` : "; it never turns positive"}.`;
  return (
    <figure className="space-y-3">
      <figcaption className="font-semibold text-navy-900">Cumulative cash position by year</figcaption>
      {/* Fills and label type set once per group in app/app.css, not per bar. */}
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="cash-flow-chart"
        role="img"
        aria-labelledby="cash-flow-summary"
      >
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} />
        <g className="ticks" textAnchor="end">
          {[...new Set([max, 0, min])].map((tick) => (
            <text key={tick} x={PAD.left - 6} y={tenth(y(tick) + 4)}>
              {usd0(tick)}
            </text>
          ))}
        </g>
        {([true, false] as const).map((gain) => (
          <g key={String(gain)} className={gain ? "gain" : "loss"}>
            {rows
              .filter((row) => row.cumulative >= 0 === gain)
              .map((row) => (
                <rect
                  key={row.year}
                  x={tenth(x(row.year) - barW / 2)}
                  width={barW}
                  y={Math.min(y(row.cumulative), y(0))}
                  height={tenth(Math.max(1, Math.abs(y(row.cumulative) - y(0))))}
                />
              ))}
          </g>
        ))}
        <g className="ticks" textAnchor="middle">
          {[0, 5, 10, 15, 20, 25]
            .filter((year) => year < rows.length)
            .map((year) => (
              <text key={year} x={x(year)} y={HEIGHT - 8}>
                {year === 0 ? "Buy" : `Yr ${year}`}
              </text>
            ))}
        </g>
      </svg>
      <p id="cash-flow-summary" className="text-sm text-slate-700">
        {summary}
      </p>
      <details className="rounded-lg border border-slate-300 p-3">
        <summary className="cursor-pointer font-medium text-navy-900">Show the yearly cash flows as a table</summary>
        {/* Focusable so a keyboard can scroll the wide table on a phone. */}
        <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label="Yearly cash flows table">
          <table className="data-table cash-flows">
            <caption className="sr-only">Yearly cash flows of the estimate</caption>
            <thead>
              <tr>
                <th scope="col">Year</th>
                <th scope="col">Production (kWh)</th>
                <th scope="col">Savings</th>
                <th scope="col">Upkeep</th>
                <th scope="col">Tax</th>
                <th scope="col">Incentives</th>
                <th scope="col">Loan</th>
                <th scope="col">Net</th>
                <th scope="col">Cumulative</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.year}>
                  <th scope="row">{row.year === 0 ? "Purchase" : row.year}</th>
                  <td>{row.year === 0 ? "" : wholeNumber(row.productionKwh)}</td>
                  <td>{usd0(row.energySavings)}</td>
                  <td>{usd0(-row.operatingCost)}</td>
                  <td>{usd0(-row.incomeTax)}</td>
                  <td>{usd0(row.incentives)}</td>
                  <td>{usd0(-row.loanPayment)}</td>
                  <td>{usd0(row.net)}</td>
                  <td>{usd0(row.cumulative)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
