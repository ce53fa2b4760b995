import { Form, isRouteErrorResponse, Link, useRouteError } from "react-router";
import { ACCESS_DENIED } from "~/lib/staff-messages";

/** A plain post, so it works without JavaScript and for users without a role. */
export function SignOutButton() {
  return (
    <Form method="post" action="/logout" reloadDocument>
      <button
        type="submit"
        className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4 font-semibold text-navy-900 hover:bg-slate-100"
      >
        Sign Out
      </button>
    </Form>
  );
}

function deniedDetails(error: unknown): { home: string | null; waiting: boolean } {
  if (!isRouteErrorResponse(error) || typeof error.data !== "object" || error.data === null)
    return { home: null, waiting: false };
  const { staffHome, waitingForRole } = error.data as { staffHome?: unknown; waitingForRole?: unknown };
  return { home: staffHome === "/admin" ? staffHome : null, waiting: waitingForRole === true };
}

/** Spec: a signed-in user without the admin role sees Access Denied (403). Rendered by error boundaries only. */
export function AccessDenied() {
  const { home, waiting } = deniedDetails(useRouteError());
  return (
    <main
      id="main"
      tabIndex={-1}
      className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-4 px-4 py-20 text-center"
    >
      {/* React hoists it into <head>: an error page has no route meta of its own. */}
      <title>{`${ACCESS_DENIED.title} | Staff area`}</title>
      <h1 className="text-3xl font-bold text-navy-900">{ACCESS_DENIED.title}</h1>
      <p className="text-lg text-slate-700">{ACCESS_DENIED.message}</p>
      {waiting ? <p className="text-slate-700">{ACCESS_DENIED.waiting}</p> : null}
      {home ? (
        <Link to={home} className="font-semibold text-navy-800 underline underline-offset-4">
          Go to the staff dashboard
        </Link>
      ) : null}
      <SignOutButton />
    </main>
  );
}
