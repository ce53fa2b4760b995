import type { ComponentProps, ReactNode } from "react";
import { cn } from "~/lib/cn";
import { ATTRIBUTION_FIELDS, HONEYPOT_FIELD } from "~/lib/forms";
import { buttonClasses } from "./button";

/** Plain posts that work without JavaScript; app/client/enhance/ adds pending labels and ignores double submits. */

/** A width in `className` (a utility) wins over the component layer's. */
const control = (className: string | undefined) => cn("control", className);

type FieldProps = {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  required?: boolean;
  children: (aria: { id: string; "aria-invalid"?: true; "aria-describedby"?: string; required?: boolean }) => ReactNode;
  className?: string;
};

export function Field({ id, label, error, hint, required, children, className }: FieldProps) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("field", className)}>
      <label htmlFor={id} className="field-label">
        {label}
        {required ? (
          <span className="required" aria-hidden="true">
            {" *"}
          </span>
        ) : null}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      ) : null}
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy, required })}
      {error ? (
        <p id={`${id}-error`} className="error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={control(className)} {...props} />;
}

export function Select({ className, ...props }: ComponentProps<"select">) {
  return <select className={control(className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={cn(control(className), "min-h-28")} {...props} />;
}

export function SubmitButton({
  children,
  pendingLabel,
  className,
  variant = "primary",
}: {
  children: string;
  pendingLabel: string;
  className?: string;
  variant?: "primary" | "secondary";
}) {
  return (
    <button
      type="submit"
      data-pending-label={pendingLabel}
      className={buttonClasses(variant, "lg", cn("w-full", className))}
    >
      {children}
    </button>
  );
}

export function ErrorSummary({
  title,
  errors,
  fieldIds,
}: {
  title: string;
  errors: Partial<Record<string, string>>;
  fieldIds: Record<string, string>;
}) {
  const entries = Object.entries(errors).filter((entry): entry is [string, string] => Boolean(entry[1]));
  if (entries.length === 0) return null;
  return (
    <div
      role="alert"
      tabIndex={-1}
      data-error-summary
      className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900"
    >
      <p className="font-semibold">{title}</p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {entries.map(([key, message]) => (
          <li key={key}>
            <a href={`#${fieldIds[key] ?? key}`} className="underline underline-offset-2">
              {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Honeypot: submissions with it filled are dropped quietly (and logged). */
export function HoneypotField() {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Leave this field empty
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/** app/client/enhance/ fills empty ones from the first page seen. */
export function AttributionFields({ search }: { search?: string }) {
  const params = new URLSearchParams(search ?? "");
  return (
    <>
      {ATTRIBUTION_FIELDS.map((name) => (
        <input
          key={name}
          type="hidden"
          name={name}
          defaultValue={params.get(name)?.slice(0, 200) ?? ""}
          data-attribution={name}
        />
      ))}
    </>
  );
}
