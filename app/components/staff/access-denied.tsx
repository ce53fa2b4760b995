import { Form, isRouteErrorResponse, Link, useRouteError } from "react-router";
import { ACCESS_DENIED } from "~/lib/staff-messages";

/** Sign Out: a plain post to /logout (works without JavaScript, and for users without a role). */
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

/** Where the guard sends staff who have a role, but not this page's (an editor on /admin/leads). */
function staffHomeOf(error: unknown): string | null {
  if (!isRouteErrorResponse(error) || typeof error.data !== "object" || error.data === null) return null;
  const home = (error.data as { staffHome?: unknown }).staffHome;
  return home === "/admin" ? home : null;
}

/**
 * Spec: a signed-in user without the admin role sees Access Denied (HTTP 403). Staff with another
 * role (an editor) also get a link back to the dashboard. Rendered by error boundaries only.
 */
export function AccessDenied() {
  const home = staffHomeOf(useRouteError());
  return (
    <main
      id="main"
      className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-4 px-4 py-20 text-center"
    >
      {/* React hoists it into <head>: an error page has no route meta of its own. */}
      <title>{`${ACCESS_DENIED.title} | Staff area`}</title>
      <h1 className="text-3xl font-bold text-navy-900">{ACCESS_DENIED.title}</h1>
      <p className="text-lg text-slate-700">{ACCESS_DENIED.message}</p>
      {home ? (
        <Link to={home} className="font-semibold text-navy-800 underline underline-offset-4">
          Go to the staff dashboard
        </Link>
      ) : null}
      <SignOutButton />
    </main>
  );
}
