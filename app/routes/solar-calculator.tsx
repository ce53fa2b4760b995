import { Calculator } from "lucide-react";
import { data, Link, redirect } from "react-router";
import type { RefineHints } from "~/components/calculator/calculator-form";
import { CalculatorForm, type FormErrors, type FormValues } from "~/components/calculator/calculator-form";
import { EmailEstimateForm } from "~/components/calculator/email-estimate-form";
import { EstimateResult } from "~/components/calculator/estimate-result";
import { refineHints } from "~/components/calculator/refine-hints";
import { withEstimate } from "~/components/estimate-attached";
import { LinkButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Container } from "~/components/ui/container";
import { CssIcon } from "~/components/ui/css-icon";
import { ToastRegion } from "~/components/ui/toast";
import { findState } from "~/content/states";
import { PRIVATE_NO_STORE, publicPageHeaders } from "~/lib/cache-headers";
import { usd0, usdBill } from "~/lib/estimate-format";
import { pageMeta } from "~/lib/seo";
import { type EstimateOk, estimate } from "~/lib/solar-model";
import {
  calculatorFields,
  calculatorQuery,
  calculatorSchema,
  estimateSchema,
  hasRefinement,
  LOW_BILL_THRESHOLD,
  refineFields,
  toEstimateInput,
} from "~/lib/validation/calculator";
import { validateWith } from "~/lib/validation/common";
import { calculatorFigures, calculatorModelData } from "~/server/calculator/model-data.server";
import { today } from "~/server/clock.server";
import { readSmallForm } from "~/server/forms.server";
import { estimateEmailAction } from "~/server/leads/estimate-action.server";
import type { Route } from "./+types/solar-calculator";

export const headers = publicPageHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Solar Savings Calculator",
    description:
      "Estimate your business's solar savings, cost, federal tax credit, state incentives, payback and 25-year value from your monthly electric bill, with every assumption sourced.",
    path: "/solar-calculator",
  });
}

const FIELDS = [...calculatorFields, ...refineFields];

type View =
  | { view: "form"; values: FormValues; errors: FormErrors; message?: string; hints: RefineHints }
  | { view: "low-bill"; values: FormValues; stateCode: string; stateName: string; monthlyBill: number }
  | {
      view: "result";
      hints: RefineHints;
      values: FormValues;
      stateCode: string;
      stateName: string;
      monthlyBill: number;
      result: EstimateOk;
    };

/** The URL is the form (a GET, so results can be shared). */
function readValues(params: URLSearchParams): FormValues {
  return Object.fromEntries(FIELDS.flatMap((name) => (params.has(name) ? [[name, params.get(name) ?? ""]] : [])));
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = url.searchParams;
  if (!params.has("monthlyBill") && !params.has("state"))
    return data<View>({
      view: "form",
      values: {},
      errors: {},
      hints: refineHints(undefined, await calculatorFigures()),
    });
  // A GET form sends every field, mostly empty: the shared address keeps only what was given.
  const compact = calculatorQuery(readValues(params));
  if (compact !== url.search.slice(1)) throw redirect(`/solar-calculator?${compact}`);
  // A result is one visitor's figures: never kept by a shared cache.
  const personal = { "Cache-Control": PRIVATE_NO_STORE };
  const values = readValues(params);
  const validated = validateWith(estimateSchema, values);
  const state = validated.ok ? findState(validated.data.state) : undefined;
  if (!validated.ok || !state)
    return data<View>(
      {
        view: "form",
        values,
        errors: validated.ok ? { state: "State is required." } : validated.errors,
        hints: refineHints(values.state, await calculatorFigures()),
      },
      { status: 400, headers: personal },
    );
  const form = validated.data;
  const base = { values, stateCode: state.code, stateName: state.name, monthlyBill: form.monthlyBill };
  if (form.monthlyBill < LOW_BILL_THRESHOLD) return data<View>({ view: "low-bill", ...base }, { headers: personal });
  const date = today();
  const modelData = await calculatorModelData(state.code, date);
  const result = estimate(toEstimateInput(form, date), modelData);
  const hints = refineHints(state.code, modelData);
  if (result.status !== "ok") {
    const errors: FormErrors = {};
    for (const item of result.missing) {
      const field = item.field === "pricePerKwh" ? "price" : item.field === "specificYieldKwhPerKw" ? "yield" : null;
      if (field) errors[field] = item.reason.replace(`for ${state.code}`, `for ${state.name}`);
    }
    return data<View>(
      { view: "form", values, errors, hints, message: "One more figure is needed for this state: see below." },
      { headers: personal },
    );
  }
  return data<View>({ view: "result", ...base, result, hints }, { headers: personal });
}

/** Any post but email-estimate (an old link, a client without the GET form) gets the shareable URL. */
export async function action({ request, context }: Route.ActionArgs) {
  const fields = await readSmallForm(request);
  if (fields.intent === "email-estimate") return estimateEmailAction(fields, request, context);
  const values = Object.fromEntries(
    FIELDS.flatMap((name) => (typeof fields[name] === "string" ? [[name, String(fields[name])]] : [])),
  );
  const validated = validateWith(calculatorSchema, fields);
  if (!validated.ok)
    return data<View>(
      { view: "form", values, errors: validated.errors, hints: refineHints(values.state, await calculatorFigures()) },
      { status: 400, headers: { "Cache-Control": PRIVATE_NO_STORE } },
    );
  return redirect(`/solar-calculator?${new URLSearchParams(values).toString()}`, 303);
}

export default function SolarCalculator({ loaderData, actionData }: Route.ComponentProps) {
  // The e-mail form's answer belongs to that form.
  const outcome = (actionData && "view" in actionData ? actionData : loaderData) as View;
  return (
    <>
      <section className="bg-navy-900 py-12 text-white">
        <Container width="reading" className="text-center">
          <Calculator aria-hidden="true" className="mx-auto size-10 text-sun-400" />
          <h1 className="mt-3 text-4xl font-bold tracking-tight sm:text-5xl">Solar Savings Calculator</h1>
          <p className="mt-4 text-lg text-slate-200">
            Two questions, an estimate in under 30 seconds. Every assumption is named, with its source where one exists,
            and the main ones are yours to change.
          </p>
        </Container>
      </section>
      <Container width="reading" className="py-12">
        {outcome.view === "form" ? (
          <>
            <CalculatorForm
              values={outcome.values}
              errors={outcome.errors}
              message={outcome.message}
              hints={outcome.hints}
              refineOpen={hasRefinement(outcome.values) || Boolean(outcome.errors.price || outcome.errors.yield)}
            />
            {outcome.message ? (
              <ToastRegion toasts={[{ title: "Error", description: outcome.message, variant: "destructive" }]} />
            ) : null}
          </>
        ) : (
          <div className="space-y-8">
            <ToastRegion
              toasts={[
                {
                  title: "Calculation Complete!",
                  description: "Your solar savings estimate is ready.",
                  variant: "success",
                },
              ]}
            />
            <h2 className="text-2xl font-bold text-navy-900">
              Your estimate for {outcome.stateName}, at {usdBill(outcome.monthlyBill)} a month
            </h2>
            {outcome.view === "low-bill" ? (
              <LowBillNotice />
            ) : (
              <EstimateResult
                result={outcome.result}
                stateName={outcome.stateName}
                annualBill={outcome.monthlyBill * 12}
              />
            )}
            <ResultActions
              stateCode={outcome.stateCode}
              stateName={outcome.stateName}
              quoteWith={outcome.view === "result" ? calculatorQuery(outcome.values) : undefined}
            />
            {outcome.view === "result" ? <EmailEstimateForm inputs={outcome.values} actionData={actionData} /> : null}
            {outcome.view === "result" ? (
              <section aria-labelledby="change-inputs" className="space-y-4">
                <h3 id="change-inputs" className="text-xl font-semibold text-navy-900">
                  Change an input
                </h3>
                <CalculatorForm
                  values={outcome.values}
                  errors={{}}
                  hints={outcome.hints}
                  refineOpen={hasRefinement(outcome.values)}
                />
              </section>
            ) : null}
          </div>
        )}
      </Container>
    </>
  );
}

function LowBillNotice() {
  return (
    <Card className="border-sun-500 bg-amber-50">
      <div className="flex gap-3">
        <CssIcon name="triangle-alert" className="size-6 shrink-0 text-sun-700" />
        <div>
          <h3 className="text-xl font-semibold text-navy-900">Lower Energy Usage Detected</h3>
          <p className="mt-2 text-slate-800">
            Our commercial solar solutions are designed for businesses spending {usd0(LOW_BILL_THRESHOLD)} or more per
            month on electricity. You can still send us your bill: we will tell you honestly whether solar makes sense
            for you.
          </p>
        </div>
      </div>
    </Card>
  );
}

function ResultActions({
  stateCode,
  stateName,
  quoteWith,
}: {
  stateCode: string;
  stateName: string;
  quoteWith?: string;
}) {
  return (
    <div className="flex flex-wrap gap-4">
      <LinkButton to={withEstimate("/submit-bill", quoteWith)} size="lg">
        Get My Custom Solar Quote
      </LinkButton>
      <Link
        to={`${withEstimate("/talk-to-solar-advisor", quoteWith)}#request`}
        className="inline-flex min-h-11 items-center font-semibold text-navy-800 underline underline-offset-4"
      >
        Talk to an advisor about this estimate
      </Link>
      <Link
        to={`/incentives/states/${stateCode.toLowerCase()}`}
        className="inline-flex min-h-11 items-center font-semibold text-navy-800 underline underline-offset-4"
      >
        See every incentive in {stateName}
      </Link>
      <Link
        to="/solar-calculator"
        className="inline-flex min-h-11 items-center gap-2 font-semibold text-navy-800 underline underline-offset-4"
      >
        <CssIcon name="arrow-left" className="size-4" />
        Calculate for Different Property
      </Link>
    </div>
  );
}
