import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="main" tabIndex={-1} className="flex flex-1 items-center justify-center px-4 py-16">
      <section aria-labelledby="auth-card-title" className="w-full max-w-md rounded-2xl bg-white p-8 shadow-lg">
        <h1 id="auth-card-title" className="text-2xl font-bold text-navy-900">
          {title}
        </h1>
        {children}
      </section>
    </main>
  );
}

export function AuthSubmit({ busy, busyLabel, children }: { busy: boolean; busyLabel: string; children: ReactNode }) {
  return (
    <button type="submit" disabled={busy} className={buttonClasses("primary", "lg", "w-full")}>
      {busy ? busyLabel : children}
    </button>
  );
}

export function AuthFooterLink({ to, replace, children }: { to: string; replace?: boolean; children: ReactNode }) {
  return (
    <p className="mt-6 text-center">
      <Link
        to={to}
        replace={replace}
        className="inline-flex min-h-11 items-center font-semibold text-navy-800 underline underline-offset-4"
      >
        {children}
      </Link>
    </p>
  );
}
