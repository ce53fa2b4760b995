import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type FetcherWithComponents, useFetcher } from "react-router";
import { useToastFrom } from "~/components/staff/staff-toasts";
import { buttonClasses } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/form";
import type { ToastMessage } from "~/lib/toast";
import { enrolmentCodeSchema, passwordStepSchema } from "~/lib/validation/staff-forms";

export type TwoFactorResult = {
  result?: SubmissionResult<string[]>;
  /** The QR code is SVG made on the server. */
  enrolment?: { qrSvg: string; key: string; backupCodes: string[] };
  backupCodes?: string[];
  toast?: ToastMessage;
};

type Props = { enabled: boolean; required: boolean; askedToSetUp: boolean };
type StepFetcher = FetcherWithComponents<TwoFactorResult>;

/** Its fetcher's answer (codes, enrolment) shows outside. */
function PasswordStep({ intent, label, fetcher }: { intent: string; label: string; fetcher: StepFetcher }) {
  const [form, fields] = useForm({
    id: intent,
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordStepSchema }),
  });
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
      <input type="hidden" name="intent" value={intent} />
      <Field id={fields.current.id} label="Current password" error={fields.current.errors?.[0]} required>
        {(aria) => (
          <Input {...getInputProps(fields.current, { type: "password" })} {...aria} autoComplete="current-password" />
        )}
      </Field>
      <button type="submit" className={buttonClasses("secondary", "md")}>
        {label}
      </button>
    </fetcher.Form>
  );
}

function EnrolmentCodeStep({ fetcher }: { fetcher: StepFetcher }) {
  const [form, fields] = useForm({
    id: "two-factor-confirm",
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: enrolmentCodeSchema }),
  });
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="two-factor-confirm" />
      <Field
        id={fields.code.id}
        label="2. Enter the 6-digit code the app shows"
        error={fields.code.errors?.[0]}
        required
      >
        {(aria) => (
          <Input
            {...getInputProps(fields.code, { type: "text" })}
            {...aria}
            autoComplete="one-time-code"
            inputMode="numeric"
          />
        )}
      </Field>
      <button type="submit" className={buttonClasses("primary", "md")}>
        Turn on two-factor authentication
      </button>
    </fetcher.Form>
  );
}

function BackupCodes({ codes }: { codes: string[] }) {
  return (
    <div className="rounded-xl border border-amber-300 bg-amber-50 p-4">
      <p className="font-semibold text-navy-900">Your backup codes</p>
      <p className="mt-1 text-sm text-slate-700">
        Save them somewhere safe (a password manager). Each one signs you in once if you lose your phone. They are shown
        only now.
      </p>
      <ul aria-label="Backup codes" className="mt-3 grid grid-cols-2 gap-2 font-mono text-base">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  );
}

export function TwoFactorSettings({ enabled, required, askedToSetUp }: Props) {
  const start = useFetcher<TwoFactorResult>();
  const confirm = useFetcher<TwoFactorResult>();
  const codes = useFetcher<TwoFactorResult>();
  const off = useFetcher<TwoFactorResult>();
  const enrolment = start.data?.enrolment;
  useToastFrom(start.data?.toast);
  useToastFrom(confirm.data?.toast);
  useToastFrom(codes.data?.toast);
  useToastFrom(off.data?.toast);
  return (
    <section aria-labelledby="two-factor-title" className="mt-10 max-w-xl">
      <h2 id="two-factor-title" className="text-xl font-bold text-navy-900">
        Two-factor authentication
      </h2>
      {enabled ? (
        <>
          <p className="mt-2 text-slate-700">
            On. Every sign-in asks for a code from your authenticator app (or a backup code), unless you trusted the
            device.
          </p>
          <PasswordStep intent="two-factor-codes" label="Make new backup codes" fetcher={codes} />
          {codes.data?.backupCodes ? (
            <div className="mt-4">{<BackupCodes codes={codes.data.backupCodes} />}</div>
          ) : null}
          {required ? (
            <p className="mt-4 text-sm text-slate-700">Admins must keep two-factor authentication on.</p>
          ) : (
            <div className="mt-6">
              <PasswordStep intent="two-factor-disable" label="Turn off two-factor authentication" fetcher={off} />
            </div>
          )}
        </>
      ) : enrolment ? (
        <div className="mt-3 space-y-4">
          <p className="text-slate-700">
            1. Scan this code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…).
          </p>
          <div
            role="img"
            aria-label="QR code for your authenticator app"
            className="size-48"
            // The SVG is made on our server from the otpauth address (uqr): no visitor text in it.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: server-made SVG of a fixed shape
            dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }}
          />
          <p className="text-slate-700">
            Can't scan it? Enter this key in the app: <code className="break-all font-mono">{enrolment.key}</code>
          </p>
          <BackupCodes codes={enrolment.backupCodes} />
          <EnrolmentCodeStep fetcher={confirm} />
        </div>
      ) : (
        <>
          <p
            className={askedToSetUp ? "mt-2 font-semibold text-red-800" : "mt-2 text-slate-700"}
            role={askedToSetUp ? "alert" : undefined}
          >
            {required
              ? "Admins must set up two-factor authentication before they can see leads, bills or the rest of the staff area."
              : "Optional for your role: a code from your phone at each sign-in keeps your account safe even if your password leaks."}
          </p>
          <PasswordStep intent="two-factor-start" label="Set up two-factor authentication" fetcher={start} />
        </>
      )}
    </section>
  );
}
