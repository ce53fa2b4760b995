import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useActionData, useNavigation } from "react-router";
import { AuthCard, AuthFooterLink, AuthSubmit } from "~/components/staff/auth-card";
import { useToastFrom } from "~/components/staff/staff-toasts";
import { Field, Input } from "~/components/ui/form";
import { noStoreHeaders } from "~/lib/cache-headers";
import { pageMeta } from "~/lib/seo";
import type { ToastMessage } from "~/lib/toast";
import { PASSWORD_RESET_MINUTES } from "~/lib/validation/login";
import { forgotPasswordSchema } from "~/lib/validation/staff-forms";
import { requestPasswordReset } from "~/server/auth/password.server";
import { readSmallFormData } from "~/server/forms.server";
import { plainFormRefusal } from "~/server/staff-form-limits.server";
import type { Route } from "./+types/forgot-password";

export const headers = noStoreHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Reset your password", description: "Staff password reset.", noindex: true });
}

type ActionResult = { sentTo?: string; result?: SubmissionResult<string[]>; toast?: ToastMessage };

/** The same answer whether or not the address has an account. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readSmallFormData(request);
  const refused = plainFormRefusal(form);
  if (refused) return data<ActionResult>({ toast: refused }, { status: 400 });
  const submission = parseWithZod(form, { schema: forgotPasswordSchema });
  if (submission.status !== "success") return data<ActionResult>({ result: submission.reply() }, { status: 400 });
  const { email } = submission.value;
  const outcome = await requestPasswordReset(context, email);
  if (outcome === "sent") return data<ActionResult>({ sentTo: email });
  if (outcome === "unavailable") {
    const toast: ToastMessage = {
      title: "We could not send the link right now",
      description: "Please try again in a minute or two.",
      variant: "destructive",
    };
    return data<ActionResult>({ toast }, { status: 503, headers: { "Retry-After": "30" } });
  }
  // Paused: this address's daily links or the site's hourly ones are used up.
  const toast: ToastMessage =
    "paused" in outcome
      ? {
          title: "We cannot send a reset link right now",
          description: "No more reset links can go out for now. Please try again later.",
          variant: "destructive",
        }
      : {
          title: "Too many requests",
          description: "Too many reset links were asked for from your network. Please try again later.",
          variant: "destructive",
        };
  const wait = "paused" in outcome ? outcome.paused : outcome.limited;
  return data<ActionResult>({ toast }, { status: 429, headers: { "Retry-After": String(wait) } });
}

export default function ForgotPassword() {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  useToastFrom(result?.toast);
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult: result?.result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotPasswordSchema }),
  });
  return (
    <AuthCard title="Reset your password">
      {result?.sentTo ? (
        <div role="status" className="mt-6 space-y-3 text-slate-800">
          <p className="font-semibold text-navy-900">Check your email</p>
          <p>
            If an account exists for <strong>{result.sentTo}</strong>, a link to choose a new password is on its way. It
            works once, for {PASSWORD_RESET_MINUTES} minutes.
          </p>
        </div>
      ) : (
        <Form method="post" {...getFormProps(form)} className="mt-6 space-y-5">
          <p className="text-slate-700">
            Enter the email address of your staff account. If it has one, we will send you a link to choose a new
            password. The link works once, for {PASSWORD_RESET_MINUTES} minutes.
          </p>
          <Field id={fields.email.id} label="Email" error={fields.email.errors?.[0]} required>
            {(aria) => (
              <Input
                {...getInputProps(fields.email, { type: "email" })}
                {...aria}
                autoComplete="email"
                maxLength={254}
              />
            )}
          </Field>
          <AuthSubmit busy={busy} busyLabel="Sending...">
            Send reset link
          </AuthSubmit>
        </Form>
      )}
      <AuthFooterLink to="/login">Back to sign-in</AuthFooterLink>
    </AuthCard>
  );
}
