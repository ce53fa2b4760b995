import { formatAdminDate, formatAdminTime } from "~/lib/lead-workspace";

type Status = { lastAt: string | null; intervalHours: number; overdue: boolean; timeZone: string };

/** Warns once the last good backup is older than twice the interval. */
export function BackupStatus({ status }: { status: Status }) {
  const { lastAt, intervalHours, overdue, timeZone } = status;
  const last = lastAt ? `${formatAdminDate(lastAt, timeZone)} ${formatAdminTime(lastAt, timeZone)}` : null;
  if (overdue) {
    return (
      <p
        role="alert"
        className="mt-4 rounded-xl border border-red-300 bg-red-50 p-4 font-semibold text-red-900"
        data-testid="backup-status"
      >
        {last ? `No backup since ${last}` : "No backup has been taken yet"}: backups are due every {intervalHours}{" "}
        hours. See the server log and docs/operations.md.
      </p>
    );
  }
  return (
    <p className="mt-4 text-sm text-slate-700" data-testid="backup-status">
      {last ? `Last backup: ${last}.` : "No backup yet."}
      {intervalHours > 0
        ? ` Backups every ${intervalHours} hours.`
        : " Scheduled backups are off (BACKUP_INTERVAL_HOURS=0)."}
    </p>
  );
}
