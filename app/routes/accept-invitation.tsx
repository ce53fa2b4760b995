import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { AuthCard, AuthSubmit } from "~/components/staff/auth-card";
import { NewPasswordFields } from "~/components/staff/new-password-fields";
import { useToastFrom } from "~/components/staff/staff-toasts";
import { Field, Input } from "~/components/ui/form";
import { noStoreHeaders } from "~/lib/cache-headers";
import { pageMeta } from "~/lib/seo";
import { ROLE_LABELS } from "~/lib/staff-messages";
import type { ToastMessage } from "~/lib/toast";
import { fullNameFromEmail } from "~/lib/validation/login";
import { acceptInvitationSchema } from "~/lib/validation/staff-forms";
import { auditAddress, recordAudit } from "~/server/audit/audit-log.server";
import { acceptInvitation, findInvitation, isInvitationToken } from "~/server/auth/invitations.server";
import { readSmallFormData } from "~/server/forms.server";
import { database } from "~/server/request-context.server";
import { plainFormRefusal } from "~/server/staff-form-limits.server";
import type { Route } from "./+types/accept-invitation";

export const headers = noStoreHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Join the staff", description: "Staff invitation.", noindex: true });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const invitation = isInvitationToken(token) ? await findInvitation(await database(context), token) : null;
  if (!invitation) return { invitation: null };
  return { invitation: { token, email: invitation.email, role: ROLE_LABELS[invitation.role] } };
}

type ActionResult = { result?: SubmissionResult<string[]>; ended?: "invalid" | "has-account"; toast?: ToastMessage };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readSmallFormData(request);
  const refused = plainFormRefusal(form);
  if (refused) return data<ActionResult>({ toast: refused }, { status: 400 });
  const token = String(form.get("token") ?? "");
  const submission = parseWithZod(form, { schema: acceptInvitationSchema });
  if (submission.status !== "success") return data<ActionResult>({ result: submission.reply() }, { status: 400 });
  const { name, password } = submission.value;
  const db = await database(context);
  const result = isInvitationToken(token)
    ? await acceptInvitation(db, token, { name, password })
    : ({ outcome: "invalid" } as const);
  if (result.outcome === "accepted") {
    await recordAudit({
      action: "invitation.accepted",
      actorId: result.userId,
      actorEmail: result.email,
      subject: result.email,
      details: { role: result.role },
      address: auditAddress(context),
    });
    throw redirect(`/login?${new URLSearchParams({ notice: "invitation-accepted", email: result.email })}`);
  }
  if (result.outcome === "busy") {
    const toast: ToastMessage = {
      title: "Busy right now",
      description: "Please try again in a few seconds.",
      variant: "destructive",
    };
    return data<ActionResult>({ toast }, { status: 503, headers: { "Retry-After": "5" } });
  }
  return data<ActionResult>({ ended: result.outcome }, { status: result.outcome === "invalid" ? 400 : 409 });
}

export default function AcceptInvitation({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  useToastFrom(result?.toast);
  const { invitation } = loaderData;
  const [form, fields] = useForm({
    id: "accept-invitation",
    lastResult: result?.result,
    defaultValue: { name: invitation ? fullNameFromEmail(invitation.email) : "" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: acceptInvitationSchema }),
  });
  if (result?.ended === "has-account") {
    return (
      <AuthCard title="You already have an account">
        <div role="alert" className="mt-6 space-y-3 text-slate-800">
          <p>An account with this e-mail address exists. Sign in with it; an admin can set its role.</p>
          <p>
            <Link to="/login" className="font-semibold text-navy-800 underline underline-offset-4">
              Go to sign-in
            </Link>
          </p>
        </div>
      </AuthCard>
    );
  }
  if (!invitation || result?.ended === "invalid") {
    return (
      <AuthCard title="This invitation is not valid">
        <div role="alert" className="mt-6 space-y-3 text-slate-800">
          <p>
            The link has expired, was already used or withdrawn, or is incomplete. Invitations work once, for 7 days.
            Ask the admin who invited you for a new one.
          </p>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Join the staff">
      <p className="mt-2 text-slate-700">
        You are invited as <strong>{invitation.role}</strong>. Choose your password to create your account.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-5">
        <input type="hidden" name="token" value={invitation.token} />
        <Field id="invited-email" label="E-mail address">
          {(aria) => <Input {...aria} type="email" value={invitation.email} autoComplete="username" readOnly />}
        </Field>
        <Field id={fields.name.id} label="Your name" error={fields.name.errors?.[0]} required>
          {(aria) => (
            <Input {...getInputProps(fields.name, { type: "text" })} {...aria} autoComplete="name" maxLength={80} />
          )}
        </Field>
        <NewPasswordFields password={fields.password} confirm={fields.confirm} />
        <AuthSubmit busy={busy} busyLabel="Creating your account...">
          Create my account
        </AuthSubmit>
      </Form>
    </AuthCard>
  );
}
