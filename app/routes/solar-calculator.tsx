import { ArrowLeft, Calculator, TriangleAlert } from "lucide-react";
import { data, Form, Link } from "react-router";
import { LinkButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Container } from "~/components/ui/container";
import { ErrorSummary, Field, Input, Select, SubmitButton } from "~/components/ui/form";
import { ToastRegion } from "~/components/ui/toast";
import { findState } from "~/content/states";
import { PRIVATE_NO_STORE, publicPageHeaders } from "~/lib/cache-headers";
import {
  type CalculatorResult,
  calculateSavings,
  countedStatePrograms,
  federalSolarCreditAvailable,
  formatUsd,
  LOW_BILL_THRESHOLD,
} from "~/lib/calculator";
import { stateCodeOptions } from "~/lib/options";
import { pageMeta } from "~/lib/seo";
import { type calculatorFields, calculatorSchema } from "~/lib/validation/calculator";
import { validateWith } from "~/lib/validation/common";
import { today } from "~/server/clock.server";
import { databaseUnavailableHeaders, isDatabaseUnavailable } from "~/server/db/availability.server";
import { getDb } from "~/server/db/db.server";
import { readSmallForm } from "~/server/forms.server";
import { errorFields, log } from "~/server/log.server";
import { readIncentives } from "~/server/queries/incentives.server";
import type { Route } from "./+types/solar-calculator";

export const headers = publicPageHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Solar Savings Calculator",
    description:
      "Estimate your business's annual solar savings, federal tax credit and state incentives from your monthly electric bill, in under 30 seconds.",
    path: "/solar-calculator",
  });
}

const CALCULATION_FAILED = "Failed to calculate solar potential. Please try again later.";

type ActionResult =
  | { ok: true; result: CalculatorResult }
  | {
      ok: false;
      errors: Partial<Record<(typeof calculatorFields)[number], string>>;
      message?: string;
      values: Record<string, string>;
    };

/** The form posts here; the server computes and renders the result (also without JavaScript). */
export async function action({ request }: Route.ActionArgs) {
  const fields = await readSmallForm(request);
  const values = { monthlyBill: String(fields.monthlyBill ?? ""), state: String(fields.state ?? "") };
  const validated = validateWith(calculatorSchema, fields);
  // Every answer to a post echoes what this visitor typed: no shared cache may keep it (L10).
  const personal = { "Cache-Control": PRIVATE_NO_STORE };
  if (!validated.ok) {
    return data<ActionResult>({ ok: false, errors: validated.errors, values }, { status: 400, headers: personal });
  }

  const state = findState(validated.data.state);
  if (!state)
    return data<ActionResult>(
      { ok: false, errors: { state: "State is required." }, values },
      { status: 400, headers: personal },
    );
  try {
    const stateIncentives = await readIncentives(await getDb(), { state: state.code });
    const date = today();
    const result = calculateSavings({
      monthlyBill: validated.data.monthlyBill,
      state: state.code,
      stateName: state.name,
      statePrograms: countedStatePrograms(stateIncentives, date),
      federalCreditAvailable: federalSolarCreditAvailable(date),
    });
    return data<ActionResult>({ ok: true, result }, { headers: personal });
  } catch (error) {
    log.error(errorFields(error), "Error calculating savings");
    // Database down: 503 with Retry-After (decision 0015), the same message.
    const down = isDatabaseUnavailable(error);
    return data<ActionResult>(
      { ok: false, errors: {}, message: CALCULATION_FAILED, values },
      { status: down ? 503 : 500, headers: down ? databaseUnavailableHeaders() : personal },
    );
  }
}

const fieldIds = { monthlyBill: "calc-monthly-bill", state: "calc-state" };

export default function SolarCalculator({ actionData }: Route.ComponentProps) {
  const outcome = actionData as ActionResult | undefined;
  return (
    <>
      <section className="bg-navy-900 py-12 text-white">
        <Container width="reading" className="text-center">
          <Calculator aria-hidden="true" className="mx-auto size-10 text-sun-400" />
          <h1 className="mt-3 text-4xl font-bold tracking-tight sm:text-5xl">Solar Savings Calculator</h1>
          <p className="mt-4 text-lg text-slate-200">
            Two questions, an estimate in under 30 seconds. Free, and nothing is stored.
          </p>
        </Container>
      </section>
      <Container width="reading" className="py-12">
        {outcome?.ok ? <CalculatorResultView result={outcome.result} /> : <CalculatorForm outcome={outcome} />}
      </Container>
    </>
  );
}

function CalculatorForm({ outcome }: { outcome: Exclude<ActionResult, { ok: true }> | undefined }) {
  const errors = outcome?.errors ?? {};
  return (
    <Card id="calculator">
      <Form method="post" action="/solar-calculator" className="space-y-6">
        {outcome?.message ? (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 font-medium text-red-900">
            {outcome.message}
          </p>
        ) : null}
        <ErrorSummary title="Please correct the following errors:" errors={errors} fieldIds={fieldIds} />
        <Field id={fieldIds.monthlyBill} label="Average monthly electric bill ($)" error={errors.monthlyBill} required>
          {(aria) => (
            <Input
              {...aria}
              name="monthlyBill"
              type="number"
              inputMode="decimal"
              min={0}
              step={1}
              placeholder="e.g. 2500"
              defaultValue={outcome?.values.monthlyBill}
            />
          )}
        </Field>
        <Field id={fieldIds.state} label="State" error={errors.state} required>
          {(aria) => (
            <Select {...aria} name="state" defaultValue={outcome?.values.state ?? ""}>
              <option value="">Select your state</option>
              {stateCodeOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <SubmitButton pendingLabel="Calculating...">Calculate My Savings</SubmitButton>
        <p className="text-sm text-slate-600">
          An estimate for planning only, not a quote: real savings depend on your roof, usage, rates and eligibility.
        </p>
      </Form>
      {outcome?.message ? (
        <ToastRegion toasts={[{ title: "Error", description: outcome.message, variant: "destructive" }]} />
      ) : null}
    </Card>
  );
}

function CalculatorResultView({ result }: { result: CalculatorResult }) {
  return (
    <div className="space-y-8">
      <ToastRegion
        toasts={[
          { title: "Calculation Complete!", description: "Your solar savings estimate is ready.", variant: "success" },
        ]}
      />
      <h2 className="text-2xl font-bold text-navy-900">
        Your estimate for {result.stateName}, at {formatUsd(result.monthlyBill)} a month
      </h2>
      {result.isLowBill ? (
        <Card className="border-sun-500 bg-amber-50">
          <div className="flex gap-3">
            <TriangleAlert aria-hidden="true" className="size-6 shrink-0 text-sun-700" />
            <div>
              <h3 className="text-xl font-semibold text-navy-900">Lower Energy Usage Detected</h3>
              <p className="mt-2 text-slate-800">
                Our commercial solar solutions are designed for businesses spending {formatUsd(LOW_BILL_THRESHOLD)} or
                more per month on electricity. You can still send us your bill: we will tell you honestly whether solar
                makes sense for you.
              </p>
            </div>
          </div>
        </Card>
      ) : (
        <Card>
          <dl>
            <div>
              <dt className="text-slate-700">Estimated annual savings</dt>
              <dd className="text-4xl font-bold text-green-800 tabular">{formatUsd(result.totalAnnualSavings)}</dd>
            </div>
          </dl>
          {/* The bar's length is an SVG attribute, not a style attribute: the style policy allows none. */}
          <svg
            className="mt-3 block h-3 w-full overflow-hidden rounded-full bg-slate-200"
            role="img"
            aria-label={`About ${result.savingsPercentage}% of your annual electricity cost`}
          >
            <rect className="fill-green-700" width={`${result.barPercentage}%`} height="100%" rx="6" />
          </svg>
          <p className="mt-1 text-sm text-slate-700">
            About <span className="tabular">{result.savingsPercentage}%</span> of your annual electricity cost of{" "}
            <span className="tabular">{formatUsd(result.annualBill)}</span>
          </p>
          <dl className="mt-5 grid gap-4 sm:grid-cols-2">
            {result.federalCreditAvailable ? (
              <div className="rounded-lg bg-green-50 p-4" data-testid="federal-line">
                <dt className="text-sm text-slate-700">Federal tax credit (30%)</dt>
                <dd className="text-2xl font-semibold text-navy-900 tabular">{formatUsd(result.federalSavings)}</dd>
                <dd className="mt-2 text-sm text-slate-700">
                  Only if the system is placed in service by December 31, 2027. Systems of 1 MW (AC) or more get the
                  full 30% only with prevailing wage and apprenticeship (otherwise 6%). Projects that begin construction
                  after 2025 must also pass the prohibited-foreign-entity rules, and tax-exempt owners using elective
                  pay on systems of 1 MW or more get 0% unless the domestic-content requirement or a Treasury exception
                  is met.
                </dd>
              </div>
            ) : null}
            {result.hasStateIncentives ? (
              <div className="rounded-lg bg-blue-50 p-4" data-testid="state-line">
                <dt className="text-sm text-slate-700">{result.stateName} incentives (est. 15%)</dt>
                <dd className="text-2xl font-semibold text-navy-900 tabular">{formatUsd(result.stateSavings)}</dd>
                <dd className="mt-2 text-sm text-slate-700">
                  Counted because {result.stateName} has{" "}
                  {result.statePrograms
                    .map((p) => (p.endLabel ? `${p.title} (${p.endLabel.toLowerCase()})` : p.title))
                    .join("; ")}
                  . The real value depends on each program's terms and dates.
                </dd>
              </div>
            ) : null}
          </dl>
          {result.federalCreditAvailable ? null : (
            <p className="mt-4 text-slate-800">
              The federal solar tax credit ended for projects placed in service after December 31, 2027 (unless
              construction began by July 4, 2026), so this estimate includes no federal credit.
            </p>
          )}
          {result.hasStateIncentives ? null : (
            <p className="mt-4 text-slate-800">
              We found no {result.stateName} program that pays a business money for solar, so this estimate includes no
              state incentive. Net metering and utility rules still shape your savings.
            </p>
          )}
          <p className="mt-4 text-sm text-slate-600">
            Incentives are estimated on a typical project cost of eight years of electricity, and savings as 70% of your
            bill; what power sent back to the grid earns differs by state and utility. Estimates only; not tax advice.
          </p>
        </Card>
      )}
      <div className="flex flex-wrap gap-4">
        <LinkButton to="/submit-bill" size="lg">
          Get My Custom Solar Quote
        </LinkButton>
        <Link
          to={`/incentives/states/${result.state.toLowerCase()}`}
          className="inline-flex min-h-11 items-center font-semibold text-navy-800 underline underline-offset-4"
        >
          See every incentive in {result.stateName}
        </Link>
        <Link
          to="/solar-calculator"
          className="inline-flex min-h-11 items-center gap-2 font-semibold text-navy-800 underline underline-offset-4"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Calculate for Different Property
        </Link>
      </div>
    </div>
  );
}
