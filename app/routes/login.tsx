import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Eye, EyeOff } from "lucide-react";
import { useEffect, useState } from "react";
import { data, Form, Link, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import { usePushToast, useToastFrom } from "~/components/staff/staff-toasts";
import { buttonClasses } from "~/components/ui/button";
import { Input } from "~/components/ui/form";
import { noStoreHeaders } from "~/lib/cache-headers";
import { pageMeta } from "~/lib/seo";
import type { ToastMessage } from "~/lib/toast";
import { isValidEmail } from "~/lib/validation/common";
import {
  type LoginMode,
  loginProblemOf,
  loginSchema,
  loginToasts,
  MAX_CLIENT_LOGIN_FAILURES,
  PASSWORD_RULE_HINT,
} from "~/lib/validation/login";
import { type Refusal, signIn, signUp } from "~/server/auth/login.server";
import { getSessionUser, landingAfterSignIn, safeReturnPath } from "~/server/auth/session.server";
import { readSmallFormData } from "~/server/forms.server";
import { plainFormRefusal } from "~/server/staff-form-limits.server";
import type { Route } from "./+types/login";

/** Never stored; a refused sign-in (429, or 503 with the database down) says when to try again. */
export const headers = noStoreHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Admin Login", description: "Staff sign-in.", noindex: true });
}

/** Spec: a visitor with a session goes straight to /admin/leads (or the page asked for). */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  // "" = the landing by role.
  const redirectTo = safeReturnPath(params.get("redirectTo"), "");
  const signedIn = await getSessionUser(request);
  if (signedIn) throw redirect(await landingAfterSignIn(signedIn.id, params.get("redirectTo")));
  const invited = params.get("notice") === "invitation-accepted" ? (params.get("email") ?? "") : "";
  return { redirectTo, notice: noticeOf(params), email: isValidEmail(invited) ? invited : "" };
}

function noticeOf(params: URLSearchParams): ToastMessage | null {
  const notice = params.get("notice");
  if (notice === "account-created") return loginToasts.accountCreated;
  if (notice === "password-reset") return loginToasts.passwordReset;
  if (notice === "invitation-accepted") return loginToasts.invitationAccepted;
  if (notice === "two-factor-expired") return loginToasts.twoFactorExpired;
  if (notice !== "email-confirmed") return null;
  // better-auth adds ?error=… to the link's destination when the token is expired or used.
  return params.has("error") ? loginToasts.confirmationFailed : loginToasts.emailConfirmed;
}

type ActionResult = { toast: ToastMessage; failed: boolean; mode: LoginMode };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readSmallFormData(request);
  const mode: LoginMode = form.get("mode") === "signup" ? "signup" : "login";
  const unreadable = plainFormRefusal(form);
  if (unreadable) return data<ActionResult>({ toast: unreadable, failed: false, mode }, { status: 400 });
  const submission = parseWithZod(form, { schema: loginSchema });
  if (submission.status !== "success") {
    const problem = loginProblemOf(submission.error) ?? "missing";
    return data<ActionResult>({ toast: loginToasts[problem], failed: true, mode }, { status: 400 });
  }
  const { email, password } = submission.value;
  if (mode === "signup") {
    const created = await signUp(context, email, password);
    if (!created.ok) return refused(created, mode);
    const redirectTo = safeReturnPath(String(form.get("redirectTo") ?? ""), "");
    const back = new URLSearchParams({ notice: "account-created" });
    if (redirectTo) back.set("redirectTo", redirectTo);
    throw redirect(`/login?${back}`);
  }
  const outcome = await signIn(request, context, email, password);
  if (outcome.ok && outcome.twoFactor) {
    const asked = safeReturnPath(String(form.get("redirectTo") ?? ""), "");
    const next = asked ? `/login/two-factor?${new URLSearchParams({ redirectTo: asked })}` : "/login/two-factor";
    throw redirect(next, { headers: outcome.headers });
  }
  if (outcome.ok) {
    throw redirect(await landingAfterSignIn(outcome.userId, String(form.get("redirectTo") ?? "")), {
      headers: outcome.headers,
    });
  }
  return refused(outcome, mode);
}

/** `headers` passes Retry-After on. */
function refused(refusal: Refusal, mode: LoginMode) {
  return data<ActionResult>(
    { toast: refusal.toast, failed: refusal.counted, mode },
    { status: refusal.status, headers: refusal.retryAfter ? { "Retry-After": String(refusal.retryAfter) } : {} },
  );
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const pushToast = usePushToast();
  const mode: LoginMode = params.get("mode") === "signup" ? "signup" : "login";
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [showPassword, setShowPassword] = useState(false);
  const [failures, setFailures] = useState(0);
  useToastFrom(actionData?.toast);
  useToastFrom(loaderData.notice);
  useEffect(() => {
    if (actionData?.failed && actionData.mode === "login") setFailures((count) => count + 1);
  }, [actionData]);

  const [form] = useForm({
    id: "login",
    // The spec shows each refusal as a toast; conform stops the post, the toast says why.
    onValidate: ({ formData }) => {
      const submission = parseWithZod(formData, { schema: loginSchema });
      if (submission.status !== "success") pushToast(loginToasts[loginProblemOf(submission.error) ?? "missing"]);
      return submission;
    },
  });
  const formProps = getFormProps(form);
  // Spec: from the fifth failed attempt on nothing is sent (checked first).
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    if (failures < MAX_CLIENT_LOGIN_FAILURES) return formProps.onSubmit(event);
    event.preventDefault();
    pushToast(loginToasts.tooMany);
  };

  const title = mode === "signup" ? "Create Account" : "Admin Login";
  return (
    <main id="main" tabIndex={-1} className="flex flex-1 items-center justify-center px-4 py-16">
      <section aria-labelledby="login-title" className="w-full max-w-md rounded-2xl bg-white p-8 shadow-lg">
        <h1 id="login-title" className="text-2xl font-bold text-navy-900">
          {title}
        </h1>
        <Form method="post" {...formProps} onSubmit={onSubmit} className="mt-6 space-y-5">
          <input type="hidden" name="mode" value={mode} />
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
          <div className="space-y-1.5">
            <label htmlFor="login-email" className="block font-medium text-navy-900">
              Email
            </label>
            <Input
              id="login-email"
              name="email"
              type="email"
              autoComplete="email"
              required
              defaultValue={loaderData.email}
            />
          </div>
          <div className="space-y-1.5">
            <label htmlFor="login-password" className="block font-medium text-navy-900">
              Password
            </label>
            <div className="relative">
              <Input
                id="login-password"
                name="password"
                type={showPassword ? "text" : "password"}
                autoComplete={mode === "signup" ? "new-password" : "current-password"}
                required
                className="pr-12"
                aria-describedby={mode === "signup" ? "login-password-hint" : undefined}
              />
              <button
                type="button"
                onClick={() => setShowPassword((shown) => !shown)}
                aria-label={showPassword ? "Hide password" : "Show password"}
                aria-pressed={showPassword}
                aria-controls="login-password"
                className="absolute inset-y-0 right-0 inline-flex min-w-11 items-center justify-center rounded-r-lg text-slate-700 hover:text-navy-900"
              >
                {showPassword ? (
                  <EyeOff aria-hidden="true" className="size-5" />
                ) : (
                  <Eye aria-hidden="true" className="size-5" />
                )}
              </button>
            </div>
            {mode === "signup" ? (
              <p id="login-password-hint" className="text-sm text-slate-600">
                {PASSWORD_RULE_HINT}
              </p>
            ) : (
              <p className="text-sm">
                <Link to="/forgot-password" className="font-semibold text-navy-800 underline underline-offset-4">
                  Forgot your password?
                </Link>
              </p>
            )}
          </div>
          <button
            type="submit"
            disabled={busy}
            aria-disabled={busy}
            className={buttonClasses("primary", "lg", "w-full")}
          >
            {busy ? "Loading..." : mode === "signup" ? "Sign Up" : "Login"}
          </button>
        </Form>
        <p className="mt-6 text-center">
          <Link
            to={
              mode === "signup"
                ? `?${new URLSearchParams(loaderData.redirectTo ? { redirectTo: loaderData.redirectTo } : {})}`
                : `?${new URLSearchParams({ mode: "signup", ...(loaderData.redirectTo ? { redirectTo: loaderData.redirectTo } : {}) })}`
            }
            replace
            className="inline-flex min-h-11 items-center font-semibold text-navy-800 underline underline-offset-4"
          >
            {mode === "signup" ? "Already have an account? Login" : "Need an account? Sign up"}
          </Link>
        </p>
      </section>
    </main>
  );
}
