import { Form } from "react-router";
import { BeganOptions, OwnerOptions, StateOptions } from "~/components/calculator/shared-options";
import { Card } from "~/components/ui/card";
import { ErrorSummary, Field, Input, Select, SubmitButton } from "~/components/ui/form";
import { type QuoteCheckField, quoteCheckFields } from "~/lib/validation/quote-check";

export type QuoteValues = Readonly<Record<string, string>>;
export type QuoteErrors = Partial<Record<QuoteCheckField, string>>;

const ids = (name: string) => `quote-${name}`;
const fieldIds = Object.fromEntries(quoteCheckFields.map((name) => [name, ids(name)]));

type NumberProps = {
  name: QuoteCheckField;
  label: string;
  hint?: string;
  required?: boolean;
  values: QuoteValues;
  errors: QuoteErrors;
};

function NumberField({ name, label, hint, required, values, errors }: NumberProps) {
  return (
    <Field id={ids(name)} label={label} hint={hint} error={errors[name]} required={required}>
      {(aria) => (
        <Input {...aria} name={name} type="number" min={0} step="any" defaultValue={values[name]} required={required} />
      )}
    </Field>
  );
}

/** A GET form, so a check can be bookmarked and shared. */
export function QuoteCheckForm({ values, errors }: { values: QuoteValues; errors: QuoteErrors }) {
  const common = { values, errors };
  return (
    <Card>
      <Form method="get" action="/check-my-quote" className="space-y-6">
        <ErrorSummary title="Please correct the following errors:" errors={errors} fieldIds={fieldIds} />
        <fieldset className="grid gap-5 sm:grid-cols-2">
          <legend className="mb-2 text-lg font-semibold text-navy-900">What the proposal says</legend>
          <Field id={ids("state")} label="State" error={errors.state} required>
            {(aria) => (
              <Select {...aria} name="state" defaultValue={values.state ?? ""} required>
                <StateOptions />
              </Select>
            )}
          </Field>
          <NumberField name="kw" label="System size (kW DC)" required {...common} />
          <NumberField name="cost" label="Price of the solar system ($)" required {...common} />
          <NumberField name="acKw" label="Inverter size (kW AC), if given" {...common} />
          <NumberField name="kwh" label="Annual production (kWh)" {...common} />
          <NumberField name="savings" label="First-year savings ($)" {...common} />
          <NumberField name="credit" label="Federal tax credit ($)" {...common} />
          <NumberField name="bonus" label="Bonus depreciation in year one (%)" {...common} />
          <NumberField name="payback" label="Payback (years)" {...common} />
          <Field id={ids("inService")} label="In-service date" error={errors.inService}>
            {(aria) => <Input {...aria} name="inService" type="date" defaultValue={values.inService} />}
          </Field>
          <Field id={ids("began")} label="Construction began by July 4, 2026">
            {(aria) => (
              <Select {...aria} name="began" defaultValue={values.began ?? ""}>
                <BeganOptions />
              </Select>
            )}
          </Field>
        </fieldset>
        <fieldset className="grid gap-5 sm:grid-cols-2">
          <legend className="mb-2 text-lg font-semibold text-navy-900">Your business (optional)</legend>
          <Field id={ids("owner")} label="Owner">
            {(aria) => (
              <Select {...aria} name="owner" defaultValue={values.owner || "taxable"}>
                <OwnerOptions />
              </Select>
            )}
          </Field>
          <NumberField name="taxRate" label="Federal + state income-tax rate (%)" hint="Default: 21%." {...common} />
          <NumberField
            name="bill"
            label="Your monthly electric bill ($)"
            hint="Tells energy you use from energy sent to the grid."
            {...common}
          />
          <NumberField
            name="rate"
            label="Your price per kWh ($)"
            hint="Default: your state's average (EIA)."
            {...common}
          />
        </fieldset>
        <SubmitButton pendingLabel="Checking...">Check My Quote</SubmitButton>
        <p className="text-sm text-slate-600">
          A check of the proposal's arithmetic against public data and the law, not advice on the installer. Your inputs
          stay in this page's address; nothing is stored unless you send the check to us.
        </p>
      </Form>
    </Card>
  );
}
