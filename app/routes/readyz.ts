import { backupStatus } from "~/server/backup/backup-schedule.server";
import { checkReadiness } from "~/server/cluster/readiness.server";
import { backupIntervalHours, getConfig } from "~/server/config.server";
import { getDatabaseHandle, getDb } from "~/server/db/db.server";
import { staffMailProblems } from "~/server/mail/mail-setup.server";
import { businessPlaceholders } from "~/server/settings/business-details.server";
import { getBillStorage } from "~/server/storage/bill-storage.server";

/**
 * Readiness, for the proxy: 200 when the database answers, every migration of this build is
 * applied and bill storage takes a write; otherwise 503 naming the failing checks (no error
 * text: details go to the log). 503 from the moment shutdown begins, so the proxy stops sending
 * new requests while those in flight finish (decision 0014). Never cached.
 */
export async function loader() {
  const report = await checkReadiness({
    handle: getDatabaseHandle,
    storage: () => getBillStorage(getConfig().DATA_DIR),
  });
  // Information only, like the cache bus: placeholders never make an instance unready.
  const placeholders = report.ok ? await businessPlaceholders().catch(() => []) : [];
  const businessDetails = placeholders.length ? `placeholders: ${placeholders.join(", ")}` : "set";
  // Also information only: leads are stored either way, but nobody may be told of them.
  const mailProblems = staffMailProblems(getConfig());
  const staffMail = mailProblems.length ? mailProblems : "set";
  // Information only too: the last good backup, and whether it is overdue (older than twice the interval).
  const backup = report.ok
    ? await backupStatus(await getDb(), backupIntervalHours(getConfig())).catch(() => "unknown")
    : undefined;
  return Response.json(report.ok ? { ...report, businessDetails, staffMail, backup } : report, {
    status: report.ok ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
