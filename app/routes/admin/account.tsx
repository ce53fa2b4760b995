import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useActionData, useFetcher, useNavigation } from "react-router";
import { renderSVG } from "uqr";
import { NewPasswordFields } from "~/components/staff/new-password-fields";
import { StaffProfileForm } from "~/components/staff/staff-profile-form";
import { useToastFrom } from "~/components/staff/staff-toasts";
import { TableBox } from "~/components/staff/table-box";
import { TableHead } from "~/components/staff/table-head";
import { type TwoFactorResult, TwoFactorSettings } from "~/components/staff/two-factor-settings";
import { buttonClasses } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/form";
import { noStoreHeaders } from "~/lib/cache-headers";
import { isAccountId } from "~/lib/ids";
import { formatAdminDate } from "~/lib/lead-workspace";
import { pageMeta } from "~/lib/seo";
import { ROLE_LABELS } from "~/lib/staff-messages";
import type { ToastMessage } from "~/lib/toast";
import { describeUserAgent } from "~/lib/user-agent";
import { changePasswordSchema, enrolmentCodeSchema, passwordStepSchema } from "~/lib/validation/staff-forms";
import { recordStaffAudit } from "~/server/audit/staff-audit.server";
import { changePassword } from "~/server/auth/password.server";
import { endSessions, listSessions } from "~/server/auth/sessions.server";
import { staffContext } from "~/server/auth/staff-guard.server";
import { emailSignature, saveStaffProfile } from "~/server/auth/staff-profile.server";
import { confirmEnrolment, disableTwoFactor, newBackupCodes, startEnrolment } from "~/server/auth/two-factor.server";
import { getConfig } from "~/server/config.server";
import { readSmallFormData } from "~/server/forms.server";
import { database } from "~/server/request-context.server";
import { PLAIN_STAFF_FORM_LIMITS, staffFormProblem } from "~/server/staff-form-limits.server";
import type { Route } from "./+types/account";

export const headers = noStoreHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "My account", description: "Staff area.", noindex: true });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = context.get(staffContext);
  const twoFactor = {
    enabled: staff.twoFactorEnabled,
    required: staff.role === "admin" && getConfig().ADMIN_TWO_FACTOR_REQUIRED,
    askedToSetUp: new URL(request.url).searchParams.get("setup") === "two-factor" && !staff.twoFactorEnabled,
  };
  const db = await database(context);
  const [sessions, signature] = await Promise.all([listSessions(db, staff.id), emailSignature(db, staff.id)]);
  return {
    me: { email: staff.email, role: staff.role, name: staff.name, signature },
    twoFactor,
    timeZone: getConfig().SITE_TIME_ZONE,
    sessions: sessions.map((row) => ({
      id: row.id,
      device: describeUserAgent(row.userAgent),
      address: row.ipAddress ?? "Unknown",
      signedInAt: row.createdAt.toISOString(),
      lastSeenAt: row.updatedAt.toISOString(),
      current: row.id === staff.sessionId,
    })),
  };
}

type ActionResult = { toast?: ToastMessage; result?: SubmissionResult<string[]> };

const fail = (title: string, status: number, description?: string, init: ResponseInit = {}) =>
  data<ActionResult>({ toast: { title, description, variant: "destructive" } }, { ...init, status });

export async function action({ request, context }: Route.ActionArgs) {
  const staff = context.get(staffContext);
  const form = await readSmallFormData(request);
  const unreadable = staffFormProblem(form, PLAIN_STAFF_FORM_LIMITS);
  if (unreadable) return fail("Nothing was changed", 400, unreadable);
  const intent = String(form.get("intent") ?? "");
  const db = await database(context);
  if (intent === "end-session" || intent === "end-other-sessions") {
    const current = staff.sessionId;
    const sessionId = String(form.get("sessionId") ?? "");
    if (intent === "end-session" && (!isAccountId(sessionId) || sessionId === current)) {
      return fail("No such session", 404, "Use Sign Out to end the session you are using now.");
    }
    const ended = await endSessions(db, staff.id, intent === "end-session" ? { id: sessionId } : { allBut: current });
    if (intent === "end-session" && ended === 0) return fail("No such session", 404, "It was already signed out.");
    await recordStaffAudit(context, { action: "session.revoked", subject: staff.email, details: { sessions: ended } });
    const title = ended === 1 ? "1 session signed out" : `${ended} sessions signed out`;
    return data<ActionResult>({ toast: { title, variant: "success" } });
  }
  if (intent.startsWith("two-factor-")) return twoFactorStep(request, context, intent, form);
  if (intent === "profile") return saveStaffProfile(db, context, form);
  if (intent !== "change-password") return fail("Unknown action", 400);
  const submission = parseWithZod(form, { schema: changePasswordSchema });
  if (submission.status !== "success") {
    return data<ActionResult>({ toast: PASSWORD_NOT_CHANGED, result: submission.reply() }, { status: 400 });
  }
  const { current, password: next } = submission.value;
  const { outcome, headers } = await changePassword(request, context, staff, { current, next });
  if (outcome === "changed") {
    await recordStaffAudit(context, { action: "password.changed", subject: staff.email });
    const toast: ToastMessage = {
      title: "Password changed",
      description: "Your other sessions were signed out.",
      variant: "success",
    };
    return data<ActionResult>({ toast }, { headers });
  }
  if (outcome === "wrong-password") {
    const result = submission.reply({ fieldErrors: { current: ["That is not your current password."] } });
    return data<ActionResult>({ toast: PASSWORD_NOT_CHANGED, result }, { status: 400 });
  }
  if (typeof outcome === "object") {
    return fail("Too many attempts", 429, "Please wait 15 minutes before trying again.", {
      headers: { "Retry-After": String(outcome.limited) },
    });
  }
  return fail("Password not changed", 503, "Please try again in a minute.", { headers: { "Retry-After": "30" } });
}

/** Each step answers to the section's own fetcher. */
async function twoFactorStep(request: Request, context: Route.ActionArgs["context"], intent: string, form: FormData) {
  const staff = context.get(staffContext);
  if (intent === "two-factor-confirm") {
    const submission = parseWithZod(form, { schema: enrolmentCodeSchema });
    if (submission.status !== "success") {
      return data<TwoFactorResult>({ result: submission.reply(), toast: NOT_CHANGED }, { status: 400 });
    }
    const step = await confirmEnrolment(request, context, staff, submission.value.code);
    if (!step.ok) {
      const result = submission.reply({ fieldErrors: { code: [WRONG_CODE] } });
      return data<TwoFactorResult>({ result, toast: NOT_CHANGED }, { status: 400 });
    }
    await recordStaffAudit(context, { action: "two-factor.enabled", subject: staff.email });
    const toast: ToastMessage = { title: "Two-factor authentication is on", variant: "success" };
    return data<TwoFactorResult>({ toast }, { headers: step.headers });
  }
  const submission = parseWithZod(form, { schema: passwordStepSchema });
  if (submission.status !== "success") {
    return data<TwoFactorResult>({ result: submission.reply(), toast: NOT_CHANGED }, { status: 400 });
  }
  const password = submission.value.current;
  const required = staff.role === "admin" && getConfig().ADMIN_TWO_FACTOR_REQUIRED;
  if (intent === "two-factor-disable" && required) return fail("Admins must keep two-factor authentication on", 403);
  const step =
    intent === "two-factor-start"
      ? await startEnrolment(request, context, staff, password)
      : intent === "two-factor-codes"
        ? await newBackupCodes(request, context, staff, password)
        : intent === "two-factor-disable"
          ? await disableTwoFactor(request, context, staff, password)
          : null;
  if (!step) return fail("Unknown action", 400);
  if (!step.ok) {
    if (step.reason === "wrong-password") {
      const result = submission.reply({ fieldErrors: { current: ["That is not your current password."] } });
      return data<TwoFactorResult>({ result, toast: NOT_CHANGED }, { status: 400 });
    }
    if (step.reason === "limited") {
      return fail("Too many attempts", 429, "Please wait 15 minutes before trying again.", {
        headers: { "Retry-After": String(step.retryAfter ?? 900) },
      });
    }
    // Asked of an account without a second factor (a stale page): the request's fault, not the server's.
    if (step.reason === "not-enabled") {
      return fail("Two-factor authentication is not on", 409, "Reload the page to see its current state.");
    }
    if (step.reason === "refused") return fail("Nothing was changed", 400, "Reload the page and try again.");
    return fail("Nothing was changed", 503, "Please try again in a minute.", { headers: { "Retry-After": "30" } });
  }
  const value = step.value;
  if (Array.isArray(value)) {
    const toast: ToastMessage = {
      title: "New backup codes made",
      description: "The old ones no longer work.",
      variant: "success",
    };
    return data<TwoFactorResult>({ backupCodes: value, toast }, { headers: step.headers });
  }
  if (value && "totpUri" in value) {
    const enrolment = { qrSvg: renderSVG(value.totpUri), key: value.key, backupCodes: value.backupCodes };
    return data<TwoFactorResult>({ enrolment }, { headers: step.headers });
  }
  await recordStaffAudit(context, { action: "two-factor.disabled", subject: staff.email });
  const toast: ToastMessage = { title: "Two-factor authentication is off", variant: "success" };
  return data<TwoFactorResult>({ toast }, { headers: step.headers });
}

const NOT_CHANGED: ToastMessage = { title: "Nothing was changed", variant: "destructive" };
const WRONG_CODE = "That code is not right. Enter the newest 6-digit code the app shows.";
const PASSWORD_NOT_CHANGED: ToastMessage = { title: "Password not changed", variant: "destructive" };

function EndSessionButton({ id, device }: { id: string; device: string }) {
  const fetcher = useFetcher<typeof action>();
  useToastFrom(fetcher.data?.toast);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="end-session" />
      <input type="hidden" name="sessionId" value={id} />
      <button type="submit" disabled={fetcher.state !== "idle"} className={buttonClasses("outline", "md")}>
        Sign out<span className="sr-only"> {device}</span>
      </button>
    </fetcher.Form>
  );
}

export default function AdminAccount({ loaderData }: Route.ComponentProps) {
  const { me, sessions, timeZone } = loaderData;
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const others = useFetcher<typeof action>();
  useToastFrom(result?.toast);
  useToastFrom(others.data?.toast);
  const [form, fields] = useForm({
    id: "change-password",
    lastResult: result?.result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
  });
  return (
    <>
      <h1 className="text-3xl font-bold text-navy-900">My account</h1>
      <p className="mt-1 text-slate-700">
        {me.email} · {ROLE_LABELS[me.role]}
      </p>

      <StaffProfileForm name={me.name} signature={me.signature} />

      <section aria-labelledby="sessions-title" className="mt-10">
        <h2 id="sessions-title" className="text-xl font-bold text-navy-900">
          Where you are signed in
        </h2>
        <TableBox label="Your sessions" className="mt-3">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Your sessions</caption>
            <TableHead headings={["Device", "Address", "Signed in", "Last seen", ""]} />
            <tbody>
              {sessions.map((row) => (
                <tr key={row.id} className="border-t border-slate-200">
                  <td className="px-3 py-2 font-medium">{row.device}</td>
                  <td className="px-3 py-2 tabular">{row.address}</td>
                  <td className="px-3 py-2 tabular">{formatAdminDate(row.signedInAt, timeZone)}</td>
                  <td className="px-3 py-2 tabular">{formatAdminDate(row.lastSeenAt, timeZone)}</td>
                  <td className="px-3 py-2">
                    {row.current ? (
                      <span className="font-semibold text-green-800">This device</span>
                    ) : (
                      <EndSessionButton id={row.id} device={row.device} />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
        {sessions.length > 1 ? (
          <others.Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="end-other-sessions" />
            <button type="submit" disabled={others.state !== "idle"} className={buttonClasses("outline", "md")}>
              Sign out all other sessions
            </button>
          </others.Form>
        ) : null}
      </section>

      <TwoFactorSettings {...loaderData.twoFactor} />

      <section aria-labelledby="password-title" className="mt-10 max-w-md">
        <h2 id="password-title" className="text-xl font-bold text-navy-900">
          Change password
        </h2>
        <Form method="post" {...getFormProps(form)} className="mt-3 space-y-5">
          <input type="hidden" name="intent" value="change-password" />
          <Field id={fields.current.id} label="Current password" error={fields.current.errors?.[0]} required>
            {(aria) => (
              <Input
                {...getInputProps(fields.current, { type: "password" })}
                {...aria}
                autoComplete="current-password"
              />
            )}
          </Field>
          <NewPasswordFields password={fields.password} confirm={fields.confirm} />
          <button type="submit" disabled={busy} className={buttonClasses("primary", "md")}>
            {busy ? "Saving..." : "Change password"}
          </button>
        </Form>
      </section>
    </>
  );
}
