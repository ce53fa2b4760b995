import { isUuid } from "~/lib/ids";
import { recordStaffAudit } from "~/server/audit/staff-audit.server";
import { staffContext } from "~/server/auth/staff-guard.server";
import { getConfig } from "~/server/config.server";
import { errorFields, log } from "~/server/log.server";
import { recordLeadEvent } from "~/server/queries/lead-events.server";
import { billFileKey } from "~/server/queries/staff-leads.server";
import { database } from "~/server/request-context.server";
import { billFileResponse } from "~/server/storage/bill-response.server";
import { getBillStorage } from "~/server/storage/bill-storage.server";
import type { Route } from "./+types/bill-file";

/**
 * Streamed from storage, never cached (helmet adds `nosniff`); bills have no public URL. With
 * BILL_SIGNED_URLS=true (S3 only), a redirect to a 60-second signed URL instead (decision 0013).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!isUuid(params.id)) return new Response("Not found", { status: 404 });
  const key = await billFileKey(await database(context), params.id);
  const config = getConfig();
  const response = key
    ? await billFileResponse(getBillStorage(config.DATA_DIR), key, params.id, { signedUrls: config.BILL_SIGNED_URLS })
    : null;
  if (!response) return new Response("Not found", { status: 404 });
  await recordStaffAudit(context, { action: "bill.opened", subject: params.id });
  const me = context.get(staffContext);
  // Kept as long as the lead (best effort, as the audit line).
  await recordLeadEvent(await database(context), {
    leadId: params.id,
    type: "file",
    actor: { id: me.id, name: me.name || me.email },
  }).catch((error: unknown) => log.error(errorFields(error), "Could not record the bill file on the lead's timeline"));
  return response;
}
