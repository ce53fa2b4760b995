import { MailX } from "lucide-react";
import { data, Form } from "react-router";
import { Container } from "~/components/ui/container";
import { site } from "~/content/site";
import type { AppDatabase } from "~/server/db/client.server";
import { readSmallFormData } from "~/server/forms.server";
import { maskEmail } from "~/server/log.server";
import { isSuppressed, suppress, verifiedAddress } from "~/server/mail/unsubscribe.server";
import { database } from "~/server/request-context.server";
import type { Route } from "./+types/unsubscribe";

/**
 * Also the one-click target (RFC 8058: a POST of "List-Unsubscribe=One-Click"). Opening the page
 * changes nothing (link scanners open links); the button does.
 */
// The address holds the lead's e-mail and token, so only our origin goes as Referer. Not
// "no-referrer": the form would then post `Origin: null`, which the cross-site check refuses.
const NO_STORE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "strict-origin" };

export function headers() {
  return NO_STORE;
}

export function meta() {
  return [{ title: `Unsubscribe | ${site.name}` }, { name: "robots", content: "noindex" }];
}

async function linkAddress(db: AppDatabase, request: Request, form?: FormData) {
  const url = new URL(request.url);
  const field = (name: string) => {
    const value = form?.get(name) ?? url.searchParams.get(name);
    return typeof value === "string" ? value : null;
  };
  return verifiedAddress(db, field("e"), field("t"));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = await database(context);
  const email = await linkAddress(db, request);
  if (!email) return data({ state: "invalid" as const, shown: "", e: "", t: "" }, { status: 400, headers: NO_STORE });
  const url = new URL(request.url);
  const done = await isSuppressed(db, email);
  return data(
    {
      state: done ? ("done" as const) : ("ask" as const),
      shown: maskEmail(email),
      e: url.searchParams.get("e") ?? "",
      t: url.searchParams.get("t") ?? "",
    },
    { headers: NO_STORE },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readSmallFormData(request);
  const db = await database(context);
  const email = await linkAddress(db, request, form);
  if (!email) return data({ state: "invalid" as const }, { status: 400, headers: NO_STORE });
  await suppress(db, email);
  return data({ state: "done" as const }, { headers: NO_STORE });
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData?.state ?? loaderData.state;
  return (
    <Container width="reading" className="py-16 text-center">
      <MailX aria-hidden="true" className="mx-auto size-12 text-navy-800" />
      <h1 className="mt-4 text-4xl font-bold tracking-tight text-navy-900">
        {state === "done" ? "You are unsubscribed" : "Unsubscribe"}
      </h1>
      {state === "invalid" ? (
        <p className="mt-4 text-lg text-slate-700">
          This unsubscribe link is incomplete or was changed. Open the link from the e-mail itself, or reply to that
          e-mail and ask us to stop.
        </p>
      ) : state === "done" ? (
        <p className="mt-4 text-lg text-slate-700" role="status">
          {site.name} will send no more e-mails to {loaderData.shown}. A request of your own (a guide or an estimate) is
          still answered.
        </p>
      ) : (
        <Form method="post" className="mt-6">
          <p className="text-lg text-slate-700">
            Stop e-mails from {site.name} to {loaderData.shown}?
          </p>
          <input type="hidden" name="e" value={loaderData.e} />
          <input type="hidden" name="t" value={loaderData.t} />
          <button
            type="submit"
            className="mt-6 inline-flex min-h-11 items-center rounded-lg bg-navy-900 px-6 font-semibold text-white hover:bg-navy-800"
          >
            Unsubscribe
          </button>
        </Form>
      )}
    </Container>
  );
}
