import { Readable } from "node:stream";
import { parseWithZod } from "@conform-to/zod/v4";
import { privacyLookupSchema } from "~/lib/privacy";
import { recordStaffAudit } from "~/server/audit/staff-audit.server";
import { getConfig } from "~/server/config.server";
import { readSmallFormData } from "~/server/forms.server";
import { addressDigest, normalizeAddress } from "~/server/privacy/address-digest.server";
import { findPersonalData, personalDataCounts } from "~/server/privacy/personal-data.server";
import { personalDataZip } from "~/server/privacy/privacy-export.server";
import { staffAddressRefusal } from "~/server/privacy/privacy-requests.server";
import { database } from "~/server/request-context.server";
import { PLAIN_STAFF_FORM_LIMITS, staffFormProblem } from "~/server/staff-form-limits.server";
import { getBillStorage } from "~/server/storage/bill-storage.server";
import type { Route } from "./+types/privacy-export";

/** Admins only (the leads section's guard). A POST, so the address never sits in a URL or an access log. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readSmallFormData(request);
  const problem = staffFormProblem(form, PLAIN_STAFF_FORM_LIMITS);
  if (problem) return new Response(problem, { status: 400 });
  const submission = parseWithZod(form, { schema: privacyLookupSchema });
  if (submission.status !== "success") return new Response("Enter an e-mail address.", { status: 400 });
  const address = normalizeAddress(submission.value.email);
  const db = await database(context);
  const staffAddress = await staffAddressRefusal(db, address, getConfig().NOTIFY_EMAIL);
  if (staffAddress) return new Response(staffAddress, { status: 400 });
  const data = await findPersonalData(db, address);
  await recordStaffAudit(context, {
    action: "privacy.exported",
    subject: addressDigest(address),
    details: personalDataCounts(data),
  });
  const zip = personalDataZip(data, getBillStorage(getConfig().DATA_DIR));
  const day = new Date().toISOString().slice(0, 10);
  return new Response(Readable.toWeb(zip) as ReadableStream, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="personal-data-${day}.zip"`,
      "Cache-Control": "private, no-store",
    },
  });
}

export function loader() {
  return new Response("Use the privacy page's button.", { status: 405, headers: { Allow: "POST" } });
}
