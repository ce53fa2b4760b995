import { Card } from "~/components/ui/card";
import type { QuoteLine } from "~/lib/quote-check";

const VERDICT_WORDS: Record<QuoteLine["verdict"], string> = {
  holds: "Holds",
  flag: "Check this",
  "not-given": "Not given",
};

const VERDICT_STYLE: Record<QuoteLine["verdict"], string> = {
  holds: "border-green-700 bg-green-50 text-green-900",
  flag: "border-red-700 bg-red-50 text-red-900",
  "not-given": "border-slate-400 bg-slate-50 text-slate-800",
};

export function QuoteCheckLines({ lines }: { lines: readonly QuoteLine[] }) {
  return (
    <ol className="space-y-4" aria-label="The proposal, line by line">
      {lines.map((line) => (
        <li key={line.id}>
          <Card className={line.verdict === "flag" ? "border-red-300" : undefined}>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 className="text-lg font-semibold text-navy-900">{line.label}</h3>
              <span className={`rounded-full border px-3 py-0.5 text-sm font-semibold ${VERDICT_STYLE[line.verdict]}`}>
                {VERDICT_WORDS[line.verdict]}
              </span>
            </div>
            <dl className="mt-3 grid gap-2 sm:grid-cols-2">
              <div>
                <dt className="text-sm text-slate-600">The proposal</dt>
                <dd className="font-semibold">{line.claimed ?? "Not given"}</dd>
              </div>
              <div>
                <dt className="text-sm text-slate-600">The model, same system</dt>
                <dd className="font-semibold">{line.modelled}</dd>
              </div>
            </dl>
            {line.reason ? (
              <p className="mt-3 text-slate-800">
                {line.reason}{" "}
                {line.source ? (
                  <a href={line.source.url} className="underline underline-offset-2">
                    Source: {line.source.title} ({line.source.year})
                  </a>
                ) : null}
              </p>
            ) : null}
          </Card>
        </li>
      ))}
    </ol>
  );
}
