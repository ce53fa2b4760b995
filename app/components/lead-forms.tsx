import { Form } from "react-router";
import { useReplyPromise } from "~/components/use-reply-promise";
import type { LeadFormState } from "~/lib/forms";
import {
  consultationIndustryOptions,
  guideIndustryOptions,
  guideStateOptions,
  solarReadinessOptions,
} from "~/lib/options";
import { EMAIL_MAX } from "~/lib/validation/common";
import { EstimateAttached, type FormEstimate, type FormQuoteCheck, QuoteCheckAttached } from "./estimate-attached";
import {
  AttributionFields,
  ErrorSummary,
  Field,
  HoneypotField,
  Input,
  Select,
  SubmitButton,
  Textarea,
} from "./ui/form";
import { ToastRegion } from "./ui/toast";

export function EmailField({ id, error, defaultValue }: { id: string; error?: string; defaultValue?: string }) {
  return (
    <Field id={id} label="Email Address" error={error} required>
      {(aria) => (
        <Input
          {...aria}
          name="email"
          type="email"
          autoComplete="email"
          maxLength={EMAIL_MAX}
          defaultValue={defaultValue}
        />
      )}
    </Field>
  );
}

/**
 * The industry field is `industry` on the consultation page, `industryType` in an industry page's
 * sidebar (spec section 3).
 */
export function ConsultationForm({
  variant,
  state,
  action,
  estimate = null,
  quoteCheck = null,
}: {
  variant: "page" | "industry";
  state?: LeadFormState;
  action?: string;
  estimate?: FormEstimate | null;
  quoteCheck?: FormQuoteCheck | null;
}) {
  const promise = useReplyPromise();
  const id = (name: string) => `consult-${variant}-${name}`;
  const industryName = variant === "page" ? "industry" : "industryType";
  const errors = state?.errors ?? {};
  const values = state?.values ?? {};
  return (
    <Form method="post" action={action} className="relative space-y-5">
      {estimate ? <EstimateAttached estimate={estimate} /> : null}
      {quoteCheck ? <QuoteCheckAttached check={quoteCheck} /> : null}
      <input type="hidden" name="intent" value="consultation" />
      <HoneypotField />
      <AttributionFields />
      <ErrorSummary
        title="Please correct the following errors:"
        errors={errors}
        fieldIds={{
          name: id("name"),
          email: id("email"),
          phone: id("phone"),
          industry: id("industry"),
          question: id("question"),
        }}
      />
      <Field id={id("name")} label="Full Name" error={errors.name} required>
        {(aria) => <Input {...aria} name="name" autoComplete="name" maxLength={100} defaultValue={values.name} />}
      </Field>
      <EmailField id={id("email")} error={errors.email} defaultValue={values.email} />
      <Field id={id("phone")} label="Phone Number (optional)" error={errors.phone}>
        {(aria) => (
          <Input {...aria} name="phone" type="tel" autoComplete="tel" maxLength={30} defaultValue={values.phone} />
        )}
      </Field>
      <Field id={id("industry")} label="Industry (optional)" error={errors.industry}>
        {(aria) => (
          <Select {...aria} name={industryName} defaultValue={values[industryName] ?? ""}>
            <option value="">Select your industry</option>
            {consultationIndustryOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field id={id("question")} label="Your question (optional)" error={errors.question}>
        {(aria) => <Textarea {...aria} name="question" maxLength={2000} defaultValue={values.question} />}
      </Field>
      {variant === "page" ? (
        <SubmitButton pendingLabel="Processing...">Request My Free Consultation</SubmitButton>
      ) : (
        <SubmitButton pendingLabel="Sending...">Request Free Consultation</SubmitButton>
      )}
      <p className="text-sm text-slate-600">{promise("Free and no obligation. A reply within 24 hours.")}</p>
      {state ? <ToastRegion toasts={[state.toast]} /> : null}
    </Form>
  );
}

export function GuideForm({
  variant,
  state,
  action,
}: {
  variant: "sidebar" | "full";
  state?: LeadFormState;
  action?: string;
}) {
  const id = (name: string) => `guide-${variant}-${name}`;
  const errors = state?.errors ?? {};
  const values = state?.values ?? {};
  return (
    <Form method="post" action={action} className="relative space-y-5">
      <input type="hidden" name="intent" value="guide" />
      <HoneypotField />
      <AttributionFields />
      <ErrorSummary
        title="Please correct the following errors:"
        errors={errors}
        fieldIds={{ name: id("name"), email: id("email"), industryType: id("industryType") }}
      />
      <Field id={id("name")} label="Full Name" error={errors.name} required>
        {(aria) => (
          <Input {...aria} name="name" autoComplete="name" minLength={2} maxLength={50} defaultValue={values.name} />
        )}
      </Field>
      <EmailField id={id("email")} error={errors.email} defaultValue={values.email} />
      <Field id={id("industryType")} label="Industry" error={errors.industryType} required>
        {(aria) => (
          <Select {...aria} name="industryType" defaultValue={values.industryType ?? ""}>
            <option value="">Select your industry</option>
            {guideIndustryOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {variant === "full" ? (
        <>
          <Field id={id("state")} label="State (optional)">
            {(aria) => (
              <Select {...aria} name="state" autoComplete="address-level1" defaultValue={values.state ?? ""}>
                <option value="">Select your state</option>
                {guideStateOptions.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field id={id("solarReadiness")} label="Where are you with solar? (optional)">
            {(aria) => (
              <Select {...aria} name="solarReadiness" defaultValue={values.solarReadiness ?? ""}>
                <option value="">Select one</option>
                {solarReadinessOptions.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <SubmitButton pendingLabel="Processing...">Download My Free Guide</SubmitButton>
        </>
      ) : (
        <SubmitButton pendingLabel="Sending..." variant="secondary">
          Get My Free Guide
        </SubmitButton>
      )}
      <p className="text-sm text-slate-600">We never share or sell your information.</p>
      {state ? <ToastRegion toasts={[state.toast]} /> : null}
    </Form>
  );
}
