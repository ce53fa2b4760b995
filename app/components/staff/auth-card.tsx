import type { ReactNode } from "react";

/** The centred card of the sign-in, reset and forgotten-password pages. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="main" className="flex flex-1 items-center justify-center px-4 py-16">
      <section aria-labelledby="auth-card-title" className="w-full max-w-md rounded-2xl bg-white p-8 shadow-lg">
        <h1 id="auth-card-title" className="text-2xl font-bold text-navy-900">
          {title}
        </h1>
        {children}
      </section>
    </main>
  );
}
