import { Form } from "react-router";
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

/** Spec: a signed-in user without the admin role sees Access Denied (HTTP 403). */
export function AccessDenied() {
  return (
    <main
      id="main"
      className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-4 px-4 py-20 text-center"
    >
      {/* React hoists it into <head>: an error page has no route meta of its own. */}
      <title>{`${ACCESS_DENIED.title} | Staff area`}</title>
      <h1 className="text-3xl font-bold text-navy-900">{ACCESS_DENIED.title}</h1>
      <p className="text-lg text-slate-700">{ACCESS_DENIED.message}</p>
      <SignOutButton />
    </main>
  );
}
