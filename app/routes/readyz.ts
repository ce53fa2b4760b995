import { backupStatus } from "~/server/backup/backup-schedule.server";
import { checkReadiness } from "~/server/cluster/readiness.server";
import { backupIntervalHours, getConfig } from "~/server/config.server";
import { getDatabaseHandle } from "~/server/db/db.server";
import { staffMailProblems } from "~/server/mail/mail-setup.server";
import { database } from "~/server/request-context.server";
import { businessPlaceholders } from "~/server/settings/business-details.server";
import { getBillStorage } from "~/server/storage/bill-storage.server";
import type { Route } from "./+types/readyz";

/**
 * Readiness for the proxy: 503 names the failing checks (details go to the log), and holds from the
 * start of shutdown so in-flight requests finish (decision 0014).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const report = await checkReadiness({
    handle: getDatabaseHandle,
    storage: () => getBillStorage(getConfig().DATA_DIR),
  });
  // Information only: placeholders never make an instance unready.
  const placeholders = report.ok ? await businessPlaceholders().catch(() => []) : [];
  const businessDetails = placeholders.length ? `placeholders: ${placeholders.join(", ")}` : "set";
  // Information only: leads are stored either way.
  const mailProblems = staffMailProblems(getConfig());
  const staffMail = mailProblems.length ? mailProblems : "set";
  // Information only: the last good backup, overdue when older than twice the interval.
  const backup = report.ok
    ? await backupStatus(await database(context), backupIntervalHours(getConfig())).catch(() => "unknown")
    : undefined;
  return Response.json(report.ok ? { ...report, businessDetails, staffMail, backup } : report, {
    status: report.ok ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
