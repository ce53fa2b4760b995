import { data, Form } from "react-router";
import { Container } from "~/components/ui/container";
import { site } from "~/content/site";
import { addDays } from "~/lib/dates";
import { formatAdminDay } from "~/lib/lead-workspace";
import { today } from "~/server/clock.server";
import type { AppDatabase } from "~/server/db/client.server";
import { readSmallFormData } from "~/server/forms.server";
import { applySnooze, snoozeTarget, verifiedSnooze } from "~/server/leads/snooze-link.server";
import { database } from "~/server/request-context.server";
import type { Route } from "./+types/snooze";

/** No sign-in needed. Opening the page changes nothing (mail scanners open links); the button does, once. */
const NO_STORE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "strict-origin" };

export function headers() {
  return NO_STORE;
}

export function meta() {
  return [{ title: `Snooze a follow-up | ${site.name}` }, { name: "robots", content: "noindex" }];
}

async function linkOf(db: AppDatabase, request: Request, form?: FormData) {
  const url = new URL(request.url);
  const field = (name: string) => {
    const value = form?.get(name) ?? url.searchParams.get(name);
    return typeof value === "string" ? value : null;
  };
  return { link: await verifiedSnooze(db, field("p"), field("t")), p: field("p"), t: field("t") };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = await database(context);
  const { link, p, t } = await linkOf(db, request);
  const target = link ? await snoozeTarget(db, link) : null;
  if (!link || !target) {
    return data(
      { state: "invalid" as const, name: "", task: "", to: "", p: "", t: "" },
      { status: 400, headers: NO_STORE },
    );
  }
  const state = target.current ? ("ask" as const) : ("stale" as const);
  const to = formatAdminDay(addDays(today(), link.days));
  return data({ state, name: target.name, task: target.task ?? "", to, p: p ?? "", t: t ?? "" }, { headers: NO_STORE });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readSmallFormData(request);
  const db = await database(context);
  const { link } = await linkOf(db, request, form);
  if (!link) return data({ state: "invalid" as const }, { status: 400, headers: NO_STORE });
  const state = await applySnooze(db, link, today());
  return data({ state }, { status: state === "done" ? 200 : 409, headers: NO_STORE });
}

export default function Snooze({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData?.state ?? loaderData.state;
  const what = `${loaderData.task || "The next step"} (${loaderData.name})`;
  return (
    <Container width="reading" className="py-16 text-center">
      <h1 className="text-4xl font-bold tracking-tight text-navy-900">
        {state === "done" ? "Snoozed" : "Snooze a follow-up"}
      </h1>
      {state === "invalid" ? (
        <p className="mt-4 text-lg text-slate-700">
          This link is incomplete or was changed. Open it from the follow-up e-mail itself, or sign in and open the
          lead.
        </p>
      ) : state === "done" ? (
        <p className="mt-4 text-lg text-slate-700" role="status">
          {what} is now due {loaderData.to}.
        </p>
      ) : state === "stale" ? (
        <p className="mt-4 text-lg text-slate-700" role="status">
          {what} was already moved or handed on since this e-mail: nothing was changed.
        </p>
      ) : (
        <Form method="post" className="mt-6">
          <p className="text-lg text-slate-700">
            Move {what} to {loaderData.to}?
          </p>
          <input type="hidden" name="p" value={loaderData.p} />
          <input type="hidden" name="t" value={loaderData.t} />
          <button
            type="submit"
            className="mt-6 inline-flex min-h-11 items-center rounded-lg bg-navy-900 px-6 font-semibold text-white hover:bg-navy-800"
          >
            Snooze to {loaderData.to}
          </button>
        </Form>
      )}
    </Container>
  );
}
