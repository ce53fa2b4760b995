import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { AuthCard, AuthSubmit } from "~/components/staff/auth-card";
import { NewPasswordFields } from "~/components/staff/new-password-fields";
import { useToastFrom } from "~/components/staff/staff-toasts";
import { noStoreHeaders } from "~/lib/cache-headers";
import { pageMeta } from "~/lib/seo";
import type { ToastMessage } from "~/lib/toast";
import { resetPasswordSchema } from "~/lib/validation/staff-forms";
import { resetPassword } from "~/server/auth/password.server";
import { readSmallFormData } from "~/server/forms.server";
import { plainFormRefusal } from "~/server/staff-form-limits.server";
import type { Route } from "./+types/reset-password";

export const headers = noStoreHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Choose a new password", description: "Staff password reset.", noindex: true });
}

/** better-auth's reset tokens are 24 letters and digits. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token: TOKEN_PATTERN.test(token) ? token : null };
}

type ActionResult = { result?: SubmissionResult<string[]>; invalidLink?: boolean; toast?: ToastMessage };

export async function action({ request }: Route.ActionArgs) {
  const form = await readSmallFormData(request);
  const refused = plainFormRefusal(form);
  if (refused) return data<ActionResult>({ toast: refused }, { status: 400 });
  const token = String(form.get("token") ?? "");
  const submission = parseWithZod(form, { schema: resetPasswordSchema });
  if (submission.status !== "success") return data<ActionResult>({ result: submission.reply() }, { status: 400 });
  const { password } = submission.value;
  const outcome = TOKEN_PATTERN.test(token) ? await resetPassword(token, password) : "invalid-token";
  if (outcome === "changed") throw redirect("/login?notice=password-reset");
  if (outcome === "invalid-token") return data<ActionResult>({ invalidLink: true }, { status: 400 });
  const toast: ToastMessage =
    outcome === "busy"
      ? { title: "Busy right now", description: "Please try again in a few seconds.", variant: "destructive" }
      : {
          title: "Your password could not be changed",
          description: "Please try again in a minute.",
          variant: "destructive",
        };
  return data<ActionResult>({ toast }, { status: 503, headers: { "Retry-After": outcome === "busy" ? "5" : "30" } });
}

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  useToastFrom(result?.toast);
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: result?.result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema }),
  });
  if (!loaderData.token || result?.invalidLink) {
    return (
      <AuthCard title="This reset link is not valid">
        <div role="alert" className="mt-6 space-y-3 text-slate-800">
          <p>The link has expired, was already used, or is incomplete. Reset links work once, for 30 minutes.</p>
          <p>
            <Link to="/forgot-password" className="font-semibold text-navy-800 underline underline-offset-4">
              Ask for a new link
            </Link>
          </p>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password">
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-5">
        <input type="hidden" name="token" value={loaderData.token} />
        <NewPasswordFields password={fields.password} confirm={fields.confirm} />
        <p className="text-sm text-slate-600">Setting a new password signs your account out everywhere.</p>
        <AuthSubmit busy={busy} busyLabel="Saving...">
          Set new password
        </AuthSubmit>
      </Form>
    </AuthCard>
  );
}
