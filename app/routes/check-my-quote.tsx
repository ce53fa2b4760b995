import { data, Link, redirect } from "react-router";
import { QuoteCheckForm, type QuoteErrors, type QuoteValues } from "~/components/quote-check/quote-check-form";
import { QuoteCheckLines } from "~/components/quote-check/quote-check-result";
import { LinkButton } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { findState } from "~/content/states";
import { PRIVATE_NO_STORE, publicPageHeaders } from "~/lib/cache-headers";
import { checkQuote, type QuoteLine } from "~/lib/quote-check";
import { pageMeta } from "~/lib/seo";
import { validateWith } from "~/lib/validation/common";
import { quoteCheckFields, quoteCheckQuery, quoteCheckSchema, toQuoteClaims } from "~/lib/validation/quote-check";
import { calculatorModelData } from "~/server/calculator/model-data.server";
import { today } from "~/server/clock.server";
import type { Route } from "./+types/check-my-quote";

export const headers = publicPageHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Check My Solar Quote",
    description:
      "Check a commercial solar proposal line by line: price per watt, production, federal credit, bonus depreciation, savings and payback, against public data and the law.",
    path: "/check-my-quote",
  });
}

type View =
  | { view: "form"; values: QuoteValues; errors: QuoteErrors; message?: string }
  | {
      view: "result";
      values: QuoteValues;
      stateName: string;
      lines: readonly QuoteLine[];
      flags: number;
      query: string;
    };

function readValues(params: URLSearchParams): QuoteValues {
  return Object.fromEntries(
    quoteCheckFields.flatMap((name) => (params.has(name) ? [[name, params.get(name) ?? ""]] : [])),
  );
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const values = readValues(url.searchParams);
  if (Object.keys(values).length === 0) return data<View>({ view: "form", values: {}, errors: {} });
  // A GET form sends every field, mostly empty: the shared address keeps only what was given.
  const query = quoteCheckQuery(values);
  if (query !== url.search.slice(1)) throw redirect(`/check-my-quote?${query}`);
  const personal = { "Cache-Control": PRIVATE_NO_STORE };
  const validated = validateWith(quoteCheckSchema, values);
  const state = validated.ok ? findState(validated.data.state) : undefined;
  if (!validated.ok || !state)
    return data<View>(
      { view: "form", values, errors: validated.ok ? { state: "State is required." } : validated.errors },
      { status: 400, headers: personal },
    );
  const date = today();
  const check = checkQuote(toQuoteClaims(validated.data, date), await calculatorModelData(state.code, date));
  if (check.status !== "ok")
    return data<View>({ view: "form", values, errors: { rate: check.reason } }, { status: 400, headers: personal });
  return data<View>(
    { view: "result", values, stateName: state.name, lines: check.lines, flags: check.flags, query },
    { headers: personal },
  );
}

export default function CheckMyQuote({ loaderData }: Route.ComponentProps) {
  const outcome = loaderData as View;
  return (
    <>
      <section className="bg-navy-900 py-12 text-white">
        <Container width="reading" className="text-center">
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Check My Solar Quote</h1>
          <p className="mt-4 text-lg text-slate-200">
            Enter what an installer's proposal says. Each line is checked against NREL's cost and sun data, EIA prices
            and the federal rules on the day shown, with the reason and the source for anything that does not hold.
          </p>
        </Container>
      </section>
      <Container width="reading" className="space-y-8 py-12">
        {outcome.view === "result" ? (
          <>
            <h2 className="text-2xl font-bold text-navy-900" data-testid="quote-summary">
              {outcome.flags === 0
                ? `Every line you entered holds for ${outcome.stateName}.`
                : `${outcome.flags} ${outcome.flags === 1 ? "line needs" : "lines need"} a second look (${outcome.stateName}).`}
            </h2>
            <QuoteCheckLines lines={outcome.lines} />
            <div className="flex flex-wrap gap-4">
              <LinkButton to={`/talk-to-solar-advisor?quote=${encodeURIComponent(outcome.query)}#request`} size="lg">
                Send this check to an advisor
              </LinkButton>
              <Link
                to="/solar-calculator"
                className="inline-flex min-h-11 items-center font-semibold text-navy-800 underline underline-offset-4"
              >
                Estimate from your bill instead
              </Link>
            </div>
            <section aria-labelledby="change-quote" className="space-y-4">
              <h2 id="change-quote" className="text-xl font-semibold text-navy-900">
                Change a line
              </h2>
              <QuoteCheckForm values={outcome.values} errors={{}} />
            </section>
          </>
        ) : (
          <QuoteCheckForm values={outcome.values} errors={outcome.errors} />
        )}
      </Container>
    </>
  );
}
