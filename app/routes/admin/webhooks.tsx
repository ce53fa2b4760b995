import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { PostButton } from "~/components/staff/post-button";
import { TableBox } from "~/components/staff/table-box";
import { TableHead } from "~/components/staff/table-head";
import { AddWebhookForm, type WebhookAnswer } from "~/components/staff/webhook-forms";
import { noStoreHeaders } from "~/lib/cache-headers";
import { isUuid } from "~/lib/ids";
import { formatAdminDate, formatAdminTime } from "~/lib/lead-workspace";
import { pageMeta } from "~/lib/seo";
import type { ToastMessage } from "~/lib/toast";
import { WEBHOOK_DELIVERY_LABELS, WEBHOOK_EVENT_LABELS, type WebhookEvent, webhookSchema } from "~/lib/webhooks";
import { recordStaffAudit } from "~/server/audit/staff-audit.server";
import { staffContext } from "~/server/auth/staff-guard.server";
import { getConfig } from "~/server/config.server";
import { readSmallFormData } from "~/server/forms.server";
import { database } from "~/server/request-context.server";
import { PLAIN_STAFF_FORM_LIMITS, staffFormProblem } from "~/server/staff-form-limits.server";
import {
  addWebhook,
  listWebhooks,
  removeWebhook,
  retryDelivery,
  sendTestWebhook,
  setWebhookActive,
} from "~/server/webhooks/webhook-admin.server";
import type { Route } from "./+types/webhooks";

export const headers = noStoreHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Webhooks", description: "Staff area.", noindex: true });
}

export async function loader({ context }: Route.LoaderArgs) {
  return { endpoints: await listWebhooks(await database(context)), timeZone: getConfig().SITE_TIME_ZONE };
}

const answer = (toast: ToastMessage, status = 200) => data<WebhookAnswer>({ toast }, { status });
const eventLabel = (event: string) => WEBHOOK_EVENT_LABELS[event as WebhookEvent] ?? event;

/** Admins only (the section's middleware). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readSmallFormData(request);
  const problem = staffFormProblem(form, PLAIN_STAFF_FORM_LIMITS);
  if (problem) return answer({ title: "Nothing was changed", description: problem, variant: "destructive" }, 400);
  const db = await database(context);
  const me = context.get(staffContext);
  const intent = form.get("intent");
  if (intent === "add") {
    const submission = parseWithZod(form, { schema: webhookSchema });
    if (submission.status !== "success") return data<WebhookAnswer>({ result: submission.reply() }, { status: 400 });
    const added = await addWebhook(db, submission.value, me.id);
    await recordStaffAudit(context, { action: "webhook.added", subject: added?.url ?? "" });
    return {
      result: submission.reply({ resetForm: true }),
      toast: { title: "Webhook added", description: "Send a test to check the receiver.", variant: "success" },
    } satisfies WebhookAnswer;
  }
  const id = String(form.get("webhookId") ?? "");
  if (!isUuid(id)) return answer({ title: "No such webhook", variant: "destructive" }, 404);
  if (intent === "test") {
    const delivery = await sendTestWebhook(db, id, me.name || me.email);
    if (!delivery) return answer({ title: "No such webhook", variant: "destructive" }, 404);
    return delivery.status === "delivered"
      ? answer({
          title: "Test delivered",
          description: `The receiver answered HTTP ${delivery.lastStatus}.`,
          variant: "success",
        })
      : answer(
          {
            title: "Test not delivered",
            description: `${delivery.lastError ?? "No answer"}${delivery.status === "failed" ? "." : ": it will be retried."}`,
            variant: "destructive",
          },
          502,
        );
  }
  if (intent === "retry") {
    const deliveryId = String(form.get("deliveryId") ?? "");
    const delivery = isUuid(deliveryId) ? await retryDelivery(db, id, deliveryId) : null;
    if (!delivery) return answer({ title: "Nothing to retry", variant: "destructive" }, 409);
    return delivery.status === "delivered"
      ? answer({ title: "Delivered", variant: "success" })
      : answer({ title: "Not delivered", description: delivery.lastError ?? "No answer", variant: "destructive" }, 502);
  }
  if (intent === "pause" || intent === "resume") {
    const changed = await setWebhookActive(db, id, intent === "resume");
    if (!changed) return answer({ title: "No such webhook", variant: "destructive" }, 404);
    await recordStaffAudit(context, { action: "webhook.changed", subject: `${changed.url} (${intent}d)` });
    return answer({ title: intent === "pause" ? "Webhook paused" : "Webhook resumed", variant: "success" });
  }
  if (intent === "remove") {
    const removed = await removeWebhook(db, id);
    if (!removed) return answer({ title: "No such webhook", variant: "destructive" }, 404);
    await recordStaffAudit(context, { action: "webhook.removed", subject: removed.url });
    return answer({ title: "Webhook removed", description: removed.url, variant: "success" });
  }
  return answer({ title: "Unknown action", variant: "destructive" }, 400);
}

export default function AdminWebhooks({ loaderData }: Route.ComponentProps) {
  const { endpoints, timeZone } = loaderData;
  const when = (at: string) => `${formatAdminDate(at, timeZone)} ${formatAdminTime(at, timeZone)}`;
  return (
    <div>
      <h1 className="text-3xl font-bold text-navy-900">Webhooks</h1>
      <p className="mt-2 max-w-3xl text-slate-700">
        New leads and status changes posted as JSON to Slack, Zapier or your CRM. Each post is signed the{" "}
        <a
          href="https://www.standardwebhooks.com/"
          className="font-semibold text-navy-800 underline underline-offset-2"
        >
          Standard Webhooks
        </a>{" "}
        way (headers <code>webhook-id</code>, <code>webhook-timestamp</code>, <code>webhook-signature</code>,
        HMAC-SHA256 with the secret below); a receiver that does not answer 2xx is tried again with growing pauses, up
        to 10 times.
      </p>

      <section aria-labelledby="add-webhook-heading" className="mt-6 rounded-xl border border-slate-200 bg-white p-5">
        <h2 id="add-webhook-heading" className="text-lg font-semibold text-navy-900">
          Add a webhook
        </h2>
        <AddWebhookForm />
      </section>

      {endpoints.length === 0 ? (
        <p className="mt-6 text-slate-700">No webhook yet: nothing is posted anywhere.</p>
      ) : null}
      {endpoints.map((endpoint) => (
        <section
          key={endpoint.id}
          aria-labelledby={`webhook-${endpoint.id}`}
          className="mt-6 rounded-xl border border-slate-200 bg-white p-5"
          data-testid="webhook"
        >
          <h2 id={`webhook-${endpoint.id}`} className="break-all text-lg font-semibold text-navy-900">
            {endpoint.url}
          </h2>
          <p className="mt-1 text-slate-700">
            {endpoint.description ? `${endpoint.description} · ` : ""}
            {endpoint.events.map(eventLabel).join(", ")} · {endpoint.active ? "Active" : "Paused"}
          </p>
          {endpoint.pausedForFailuresAt ? (
            <p role="status" className="mt-2 rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
              Paused on its own after {endpoint.consecutiveFailures} failed deliveries in a row. Its leads wait; Resume
              sends them once the receiver answers.
            </p>
          ) : null}
          <label htmlFor={`secret-${endpoint.id}`} className="mt-3 block font-medium text-navy-900">
            Signing secret
          </label>
          <input
            id={`secret-${endpoint.id}`}
            readOnly
            value={endpoint.secret}
            className="mt-1 w-full max-w-xl rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm"
          />
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <PostButton intent="test" fields={{ webhookId: endpoint.id }} label="Send test" busyLabel="Sending..." />
            <PostButton
              intent={endpoint.active ? "pause" : "resume"}
              fields={{ webhookId: endpoint.id }}
              label={endpoint.active ? "Pause" : "Resume"}
            />
            <details className="inline-block">
              <summary className="inline-flex min-h-11 cursor-pointer items-center px-2 font-semibold text-red-800 underline underline-offset-2">
                Remove…
              </summary>
              <div className="mt-2 flex flex-wrap items-center gap-2">
                <span className="text-sm text-slate-700">Its delivery log goes too.</span>
                <PostButton intent="remove" fields={{ webhookId: endpoint.id }} label="Remove this webhook" danger />
              </div>
            </details>
          </div>
          <h3 className="mt-5 font-semibold text-navy-900">Latest deliveries</h3>
          {endpoint.deliveries.length === 0 ? (
            <p className="mt-1 text-slate-700">None yet.</p>
          ) : (
            <TableBox className="mt-2">
              <table className="w-full text-left text-sm" data-testid="webhook-deliveries">
                <TableHead headings={["Queued", "Event", "State", "Answer", "Attempts", ""]} />
                <tbody>
                  {endpoint.deliveries.map((delivery) => (
                    <tr key={delivery.id} className="border-t border-slate-200 align-top">
                      <td className="whitespace-nowrap px-3 py-2">{when(delivery.createdAt)}</td>
                      <td className="px-3 py-2">{eventLabel(delivery.event)}</td>
                      <td className="px-3 py-2">
                        {WEBHOOK_DELIVERY_LABELS[delivery.status] ?? delivery.status}
                        {delivery.status === "pending" && delivery.attempts > 0
                          ? ` (next ${when(delivery.nextAttemptAt)})`
                          : ""}
                      </td>
                      <td className="px-3 py-2">
                        {delivery.lastStatus ? `HTTP ${delivery.lastStatus}` : ""}
                        {delivery.lastError && !delivery.lastError.startsWith("HTTP") ? delivery.lastError : ""}
                      </td>
                      <td className="px-3 py-2">{delivery.attempts}</td>
                      <td className="px-3 py-2">
                        {delivery.status === "delivered" ? null : (
                          <PostButton
                            intent="retry"
                            fields={{ webhookId: endpoint.id, deliveryId: delivery.id }}
                            label="Retry now"
                            busyLabel="Sending..."
                          />
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableBox>
          )}
        </section>
      ))}
    </div>
  );
}
