import { Form } from "react-router";
import { EmailField } from "~/components/lead-forms";
import { Card } from "~/components/ui/card";
import { AttributionFields, ErrorSummary, Field, HoneypotField, Input, SubmitButton } from "~/components/ui/form";
import { ToastRegion } from "~/components/ui/toast";
import { type LeadFormState, stateFor } from "~/lib/forms";
import type { FormValues } from "./calculator-form";

const ids = { name: "estimate-name", email: "estimate-email" };

/** The server recomputes the estimate from the hidden inputs. */
export function EmailEstimateForm({
  inputs,
  actionData,
}: {
  inputs: FormValues;
  actionData: object | null | undefined;
}) {
  const state: LeadFormState | undefined = stateFor("estimate", actionData);
  const errors = state?.errors ?? {};
  const query = new URLSearchParams(inputs).toString();
  return (
    <Card id="email-estimate">
      <h3 className="text-xl font-semibold text-navy-900">E-mail me this estimate</h3>
      <p className="mt-2 text-slate-700">
        A PDF report with every figure, the yearly cash flows and each assumption with its source: to keep, or to pass
        to whoever approves the purchase. An advisor may follow up once; no newsletter.
      </p>
      <Form method="post" action={`/solar-calculator?${query}`} className="relative mt-4 space-y-5">
        <input type="hidden" name="intent" value="email-estimate" />
        {Object.entries(inputs).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <HoneypotField />
        <AttributionFields />
        <ErrorSummary title="Please correct the following errors:" errors={errors} fieldIds={ids} />
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id={ids.name} label="Full Name" error={errors.name} required>
            {(aria) => (
              <Input
                {...aria}
                name="name"
                autoComplete="name"
                minLength={2}
                maxLength={50}
                defaultValue={state?.values.name}
              />
            )}
          </Field>
          <EmailField id={ids.email} error={errors.email} defaultValue={state?.values.email} />
        </div>
        <SubmitButton pendingLabel="Sending...">E-mail Me This Estimate</SubmitButton>
      </Form>
      {state ? <ToastRegion toasts={[state.toast]} /> : null}
    </Card>
  );
}
