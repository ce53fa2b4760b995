import { Form } from "react-router";
import { Card } from "~/components/ui/card";
import { ErrorSummary, Field, Input, Select, SubmitButton } from "~/components/ui/form";
import { consultationIndustryOptions } from "~/lib/options";
import { calculatorFields, type EstimateField, refineFields } from "~/lib/validation/calculator";
import { BeganOptions, OwnerOptions, StateOptions } from "./shared-options";

export type FormValues = Readonly<Record<string, string>>;
export type FormErrors = Partial<Record<EstimateField, string>>;

export type RefineHints = Partial<Record<EstimateField, string>>;

const ids = (name: string) => `calc-${name}`;
const fieldIds = Object.fromEntries([...calculatorFields, ...refineFields].map((name) => [name, ids(name)]));

type NumberFieldProps = {
  name: EstimateField;
  label: string;
  hint?: string;
  values: FormValues;
  errors: FormErrors;
  step?: string;
  min?: number;
  placeholder?: string;
};

function NumberField({ name, label, hint, values, errors, step = "any", min = 0, placeholder }: NumberFieldProps) {
  return (
    <Field id={ids(name)} label={label} hint={hint} error={errors[name]}>
      {(aria) => (
        <Input
          {...aria}
          name={name}
          type="number"
          inputMode="decimal"
          min={min}
          step={step}
          placeholder={placeholder}
          defaultValue={values[name]}
        />
      )}
    </Field>
  );
}

function CheckField({ name, label, values }: { name: EstimateField; label: string; values: FormValues }) {
  return (
    <div className="flex items-start gap-3">
      <input
        id={ids(name)}
        name={name}
        type="checkbox"
        defaultChecked={values[name] === "on"}
        className="mt-1 size-5 shrink-0 accent-navy-800"
      />
      <label htmlFor={ids(name)} className="text-navy-900">
        {label}
      </label>
    </div>
  );
}

/** A GET form: the inputs are the URL, so a result can be bookmarked or shared. */
export function CalculatorForm({
  values,
  errors,
  message,
  hints,
  refineOpen,
}: {
  values: FormValues;
  errors: FormErrors;
  message?: string;
  hints: RefineHints;
  refineOpen: boolean;
}) {
  const common = { values, errors };
  return (
    <Card id="calculator">
      <Form method="get" action="/solar-calculator" className="space-y-6">
        {message ? (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 font-medium text-red-900">
            {message}
          </p>
        ) : null}
        <ErrorSummary title="Please correct the following errors:" errors={errors} fieldIds={fieldIds} />
        <Field id={ids("monthlyBill")} label="Average monthly electric bill ($)" error={errors.monthlyBill} required>
          {(aria) => (
            <Input
              {...aria}
              name="monthlyBill"
              type="number"
              inputMode="decimal"
              min={0}
              step={1}
              placeholder="e.g. 2500"
              defaultValue={values.monthlyBill}
            />
          )}
        </Field>
        <Field id={ids("state")} label="State" error={errors.state} required>
          {(aria) => (
            <Select {...aria} name="state" defaultValue={values.state ?? ""}>
              <StateOptions />
            </Select>
          )}
        </Field>
        <details open={refineOpen} className="rounded-lg border border-slate-300 p-4">
          <summary className="cursor-pointer font-semibold text-navy-900">
            Refine the estimate (optional: leave a field empty to keep the default shown)
          </summary>
          <div className="mt-4 grid gap-5 sm:grid-cols-2">
            <Field id={ids("industry")} label="Industry" hint={hints.industry}>
              {(aria) => (
                <Select {...aria} name="industry" defaultValue={values.industry ?? ""}>
                  <option value="">Not given</option>
                  {consultationIndustryOptions.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <NumberField name="price" label="Average price per kWh ($)" hint={hints.price} {...common} />
            <NumberField
              name="energyShare"
              label="Share of the bill from energy (kWh) charges (%)"
              hint={hints.energyShare}
              {...common}
            />
            <NumberField name="yield" label="Production per kW (kWh per kW per year)" hint={hints.yield} {...common} />
            <NumberField name="costPerW" label="Installed cost ($ per watt)" hint={hints.costPerW} {...common} />
            <NumberField name="maxKw" label="Maximum system size (kW DC)" hint={hints.maxKw} {...common} />
            <NumberField name="acKw" label="Inverter (AC) size (kW AC)" hint={hints.acKw} {...common} />
            <NumberField name="areaFt2" label="Usable roof or land area (ft²)" hint={hints.areaFt2} {...common} />
            <NumberField
              name="wattsPerFt2"
              label="Watts per ft² your layout achieves"
              hint={hints.wattsPerFt2}
              {...common}
            />
            <Field id={ids("owner")} label="Owner" hint={hints.owner}>
              {(aria) => (
                <Select {...aria} name="owner" defaultValue={values.owner || "taxable"}>
                  <OwnerOptions />
                </Select>
              )}
            </Field>
            <NumberField name="taxRate" label="Federal + state income-tax rate (%)" hint={hints.taxRate} {...common} />
            <Field
              id={ids("inService")}
              label="Planned in-service date"
              hint={hints.inService}
              error={errors.inService}
            >
              {(aria) => <Input {...aria} name="inService" type="date" defaultValue={values.inService} />}
            </Field>
            <Field id={ids("began")} label="Construction began by July 4, 2026" hint={hints.began}>
              {(aria) => (
                <Select {...aria} name="began" defaultValue={values.began ?? ""}>
                  <BeganOptions />
                </Select>
              )}
            </Field>
            <div className="space-y-3 sm:col-span-2">
              <CheckField
                name="pwa"
                label="Prevailing wage and apprenticeship will be met (matters at 1 MW AC or more)"
                values={values}
              />
            </div>
            <Field id={ids("financing")} label="Paid with" hint={hints.financing}>
              {(aria) => (
                <Select {...aria} name="financing" defaultValue={values.financing || "cash"}>
                  <option value="cash">Cash</option>
                  <option value="loan">A loan</option>
                </Select>
              )}
            </Field>
            <NumberField name="loanRate" label="Loan interest rate (%)" hint={hints.loanRate} {...common} />
            <NumberField name="loanTerm" label="Loan term (years)" step="1" hint={hints.loanTerm} {...common} />
            <NumberField
              name="storageCost"
              label="Battery storage: its installed cost ($)"
              hint={hints.storageCost}
              {...common}
            />
            <NumberField name="storageKw" label="Battery power (kW)" hint={hints.storageKw} {...common} />
            <NumberField name="discountRate" label="Discount rate (%)" hint={hints.discountRate} {...common} />
            <NumberField
              name="priceRise"
              label="Electricity price rise (% a year)"
              min={-5}
              hint={hints.priceRise}
              {...common}
            />
            <NumberField name="omRise" label="O&M cost rise (% a year)" min={-5} hint={hints.omRise} {...common} />
            <NumberField name="inverterCost" label="Inverter replacement ($)" hint={hints.inverterCost} {...common} />
            <NumberField name="inverterYear" label="Replaced in year" step="1" hint={hints.inverterYear} {...common} />
            <NumberField name="selfUse" label="Share of output used on site (%)" hint={hints.selfUse} {...common} />
            <NumberField
              name="exportValue"
              label="Value of exported energy ($ per kWh)"
              hint={hints.exportValue}
              {...common}
            />
          </div>
        </details>
        <SubmitButton pendingLabel="Calculating...">Calculate My Savings</SubmitButton>
        <p className="text-sm text-slate-600">
          An estimate for planning only, not a quote: real savings depend on your roof, usage, rates and eligibility.
          Your inputs stay in this page's address (to bookmark or share); nothing is stored unless you send it to us.
        </p>
      </Form>
    </Card>
  );
}
