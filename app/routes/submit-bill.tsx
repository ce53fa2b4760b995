import { LockKeyhole, ShieldCheck } from "lucide-react";
import { data, Form } from "react-router";
import { EstimateAttached, type FormEstimate, withEstimate } from "~/components/estimate-attached";
import { EmailField } from "~/components/lead-forms";
import { Card } from "~/components/ui/card";
import { Container } from "~/components/ui/container";
import { CssIcon } from "~/components/ui/css-icon";
import { AttributionFields, ErrorSummary, Field, HoneypotField, Input, SubmitButton } from "~/components/ui/form";
import { ToastRegion } from "~/components/ui/toast";
import { useReplyPromise } from "~/components/use-reply-promise";
import { PRIVATE_NO_STORE, publicPageHeaders } from "~/lib/cache-headers";
import { type LeadFormState, stateFor } from "~/lib/forms";
import { pageMeta } from "~/lib/seo";
import { ACCEPT_ATTRIBUTE, billMessages } from "~/lib/validation/bill";
import { attachedEstimate } from "~/server/calculator/snapshot.server";
import { billAction } from "~/server/leads/bill-action.server";
import type { Route } from "./+types/submit-bill";

export const headers = publicPageHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Upload Your Energy Bill",
    description:
      "Upload a recent electric bill for a free solar assessment: a custom quote with system size, incentives and savings within 24 hours.",
  });
}

export function action({ request, context }: Route.ActionArgs) {
  return billAction(request, context);
}

/** From a result (`?estimate=`): the server remakes the estimate when the bill arrives. */
export function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams.get("estimate");
  if (!query) return data({ estimate: null });
  return data({ estimate: attachedEstimate(query) }, { headers: { "Cache-Control": PRIVATE_NO_STORE } });
}

const ids = {
  businessName: "bill-business-name",
  contactPerson: "bill-contact-person",
  email: "bill-email",
  phone: "bill-phone",
  monthlyBillAmount: "bill-monthly-amount",
  file: "bill-file",
};

/** At least 2 characters each. */
const nameFields = [
  { name: "businessName", label: "Business Name", autoComplete: "organization", maxLength: 100 },
  { name: "contactPerson", label: "Contact Person", autoComplete: "name", maxLength: 50 },
] as const;

export default function SubmitBill({ actionData, loaderData }: Route.ComponentProps) {
  const promise = useReplyPromise();
  const state = stateFor("bill", actionData);
  const estimate = (loaderData as { estimate: FormEstimate | null } | undefined)?.estimate ?? null;
  return (
    <>
      <section className="bg-navy-900 py-12 text-white">
        <Container width="reading" className="text-center">
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Upload Your Energy Bill</h1>
          <p className="mt-4 text-lg text-slate-200">
            {promise(
              "Send us a recent electric bill and we will work out what solar would save your business, with every incentive you qualify for. Your custom quote arrives within 24 hours.",
            )}
          </p>
        </Container>
      </section>
      <Container className="grid gap-10 py-12 lg:grid-cols-5">
        <Card id="assessment-form" className="lg:col-span-3">
          <h2 className="mb-6 text-2xl font-bold text-navy-900">Get Your Free Solar Assessment</h2>
          <BillForm state={state} estimate={estimate} />
        </Card>
        <div className="space-y-6 lg:col-span-2">
          <section aria-labelledby="privacy-heading" className="rounded-xl bg-slate-50 p-6">
            <h2 id="privacy-heading" className="flex items-center gap-2 text-lg font-semibold text-navy-900">
              <ShieldCheck aria-hidden="true" className="size-6 text-green-700" />
              Your information is safe
            </h2>
            <ul className="mt-3 space-y-2 text-slate-700">
              <li className="flex gap-2">
                <LockKeyhole aria-hidden="true" className="mt-1 size-4 shrink-0 text-navy-800" />
                We never share or sell your information.
              </li>
              <li className="flex gap-2">
                <LockKeyhole aria-hidden="true" className="mt-1 size-4 shrink-0 text-navy-800" />
                Your bill is stored privately and used only to calculate your savings.
              </li>
            </ul>
          </section>
          <figure className="rounded-xl bg-navy-900 p-6 text-white">
            <CssIcon name="lightbulb" className="size-7 text-sun-400" />
            <p className="mt-3 text-lg">
              {promise(
                "A distribution center paying $8,500 a month spends $102,000 a year on power. Within 24 hours the assessment shows how much of that a system sized to its roof and daytime load could offset, which incentives apply, and the schedule it would need to be in service by December 31, 2027.",
              )}
            </p>
            <figcaption className="mt-3 text-sm text-slate-300">Illustrative example, not a customer review</figcaption>
          </figure>
        </div>
      </Container>
    </>
  );
}

function BillForm({ state, estimate }: { state?: LeadFormState; estimate: FormEstimate | null }) {
  const errors = state?.errors ?? {};
  const values = state?.values ?? {};
  const action = withEstimate("/submit-bill", estimate?.query);
  return (
    <Form
      method="post"
      action={action}
      encType="multipart/form-data"
      className="relative space-y-5"
      data-upload-progress
    >
      {estimate ? <EstimateAttached estimate={estimate} /> : null}
      <HoneypotField />
      <AttributionFields />
      <ErrorSummary title={billMessages.errorsTitle} errors={errors} fieldIds={ids} />
      {nameFields.map((field) => (
        <Field key={field.name} id={ids[field.name]} label={field.label} error={errors[field.name]} required>
          {(aria) => (
            <Input
              {...aria}
              name={field.name}
              autoComplete={field.autoComplete}
              minLength={2}
              maxLength={field.maxLength}
              defaultValue={values[field.name]}
            />
          )}
        </Field>
      ))}
      <EmailField id={ids.email} error={errors.email} defaultValue={values.email} />
      <Field id={ids.phone} label="Phone Number (optional)" error={errors.phone}>
        {(aria) => (
          <Input {...aria} name="phone" type="tel" autoComplete="tel" maxLength={30} defaultValue={values.phone} />
        )}
      </Field>
      <Field id={ids.monthlyBillAmount} label="Average Monthly Bill ($, optional)" error={errors.monthlyBillAmount}>
        {(aria) => (
          <Input
            {...aria}
            name="monthlyBillAmount"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            defaultValue={values.monthlyBillAmount ?? (estimate ? String(estimate.monthlyBill) : undefined)}
          />
        )}
      </Field>
      <Field id={ids.file} label="Energy Bill" hint="PDF, JPG or PNG, up to 10MB." error={errors.file} required>
        {(aria) => (
          <Input
            {...aria}
            name="file"
            type="file"
            accept={ACCEPT_ATTRIBUTE}
            className="file:mr-3 file:rounded-md file:border-0 file:bg-navy-800 file:px-3 file:py-1.5 file:text-white"
            // The page script checks the file itself (app/client/enhance/bill-file.ts).
            data-bill-file
          />
        )}
      </Field>
      <div data-upload-status hidden className="space-y-1">
        <label htmlFor="bill-upload-progress" className="text-sm font-medium text-navy-900">
          Uploading your bill…
        </label>
        <progress id="bill-upload-progress" max={100} value={0} className="h-3 w-full accent-green-700" />
        <p data-upload-percent aria-live="polite" className="text-sm text-slate-700" />
      </div>
      <SubmitButton pendingLabel="Submitting...">Get My Free Assessment</SubmitButton>
      {state ? <ToastRegion toasts={[state.toast]} /> : null}
    </Form>
  );
}
