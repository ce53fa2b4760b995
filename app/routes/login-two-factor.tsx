import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import { AuthCard, AuthFooterLink, AuthSubmit } from "~/components/staff/auth-card";
import { useToastFrom } from "~/components/staff/staff-toasts";
import { Field, Input } from "~/components/ui/form";
import { noStoreHeaders } from "~/lib/cache-headers";
import { pageMeta } from "~/lib/seo";
import type { ToastMessage } from "~/lib/toast";
import { signInCodeSchema } from "~/lib/validation/staff-forms";
import { auditAddress, recordAudit } from "~/server/audit/audit-log.server";
import { SESSION_COOKIE_PREFIX, TRUST_DEVICE_DAYS } from "~/server/auth/auth.server";
import { landingAfterSignIn, safeReturnPath } from "~/server/auth/session.server";
import { verifySignInCode } from "~/server/auth/two-factor.server";
import { readSmallFormData } from "~/server/forms.server";
import { plainFormRefusal } from "~/server/staff-form-limits.server";
import type { Route } from "./+types/login-two-factor";

export const headers = noStoreHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Two-factor authentication", description: "Staff sign-in.", noindex: true });
}

/** better-auth's short-lived two-factor cookie shows the password was right. */
const CHALLENGE_COOKIE = `${SESSION_COOKIE_PREFIX}.two_factor`;
const hasChallenge = (request: Request) =>
  (request.headers.get("cookie") ?? "")
    .split(";")
    .map((pair) => pair.trim().split("=", 1)[0])
    .some((name) => name === CHALLENGE_COOKIE || name === `__Secure-${CHALLENGE_COOKIE}`);

export function loader({ request }: Route.LoaderArgs) {
  if (!hasChallenge(request)) throw redirect("/login");
  const params = new URL(request.url).searchParams;
  return { redirectTo: safeReturnPath(params.get("redirectTo"), ""), trustDays: TRUST_DEVICE_DAYS };
}

type ActionResult = { result?: SubmissionResult<string[]>; toast?: ToastMessage };

const MESSAGES = {
  "invalid-code": "That code is not right. Check the time on your phone and try the newest code.",
  locked: "Too many wrong codes. Please wait 15 minutes, then sign in again.",
  expired: "This sign-in took too long. Please sign in again.",
} as const;

export async function action({ request, context }: Route.ActionArgs) {
  // Without a challenge a code means nothing.
  if (!hasChallenge(request)) throw redirect("/login");
  const form = await readSmallFormData(request);
  const unreadable = plainFormRefusal(form);
  if (unreadable) return data<ActionResult>({ toast: unreadable }, { status: 400 });
  const submission = parseWithZod(form, { schema: signInCodeSchema });
  if (submission.status !== "success") return data<ActionResult>({ result: submission.reply() }, { status: 400 });
  const { code, backup, trust } = submission.value;
  const step = await verifySignInCode(request, context, { code, backup, trustDevice: trust });
  const factor = { secondFactor: backup ? "backup code" : "authenticator app" };
  if (step.ok) {
    const { userId, email } = step.value;
    const address = auditAddress(context);
    await recordAudit({
      action: "sign-in.ok",
      actorId: userId,
      actorEmail: email,
      subject: email,
      details: factor,
      address,
    });
    throw redirect(await landingAfterSignIn(step.value.userId, String(form.get("redirectTo") ?? "")), {
      headers: step.headers,
    });
  }
  if (step.reason === "expired") throw redirect("/login?notice=two-factor-expired");
  if (step.reason === "invalid-code" || step.reason === "locked") {
    const action = step.reason === "locked" ? "sign-in.limited" : "sign-in.failed";
    await recordAudit({ action, details: factor, address: auditAddress(context) });
    const result = submission.reply({ fieldErrors: { code: [MESSAGES[step.reason]] } });
    return data<ActionResult>({ result }, { status: step.reason === "locked" ? 429 : 401 });
  }
  const toast: ToastMessage = { title: "Sign-in failed", description: "Please try again.", variant: "destructive" };
  // A refusal is 400; only the server's own failure is a 5xx.
  const status = step.reason === "not-enabled" || step.reason === "refused" ? 400 : 500;
  return data<ActionResult>({ toast }, { status });
}

export default function LoginTwoFactor({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const [params] = useSearchParams();
  const backup = params.get("method") === "backup";
  useToastFrom(result?.toast);
  const [form, fields] = useForm({
    id: "two-factor",
    lastResult: result?.result,
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signInCodeSchema }),
  });
  const other = new URLSearchParams(params);
  if (backup) other.delete("method");
  else other.set("method", "backup");
  return (
    <AuthCard title="Two-factor authentication">
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-5">
        <input type="hidden" name="method" value={backup ? "backup" : "totp"} />
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <Field
          id={fields.code.id}
          label={backup ? "Backup code" : "Authentication code"}
          hint={
            backup
              ? "One of the backup codes you saved when you set up two-factor authentication. Each works once."
              : "The 6-digit code your authenticator app shows for this site."
          }
          error={fields.code.errors?.[0]}
          required
        >
          {(aria) => (
            <Input
              {...getInputProps(fields.code, { type: "text" })}
              {...aria}
              autoComplete="one-time-code"
              inputMode={backup ? "text" : "numeric"}
              autoFocus
            />
          )}
        </Field>
        <label className="flex min-h-11 items-center gap-3 text-slate-800">
          <input type="checkbox" name="trust" className="size-5" />
          Trust this device for {loaderData.trustDays} days
        </label>
        <AuthSubmit busy={busy} busyLabel="Checking...">
          Verify
        </AuthSubmit>
      </Form>
      <AuthFooterLink to={`?${other}`} replace>
        {backup ? "Use the code from your app instead" : "Use a backup code instead"}
      </AuthFooterLink>
    </AuthCard>
  );
}
