import { stringify } from "csv-stringify/sync";
import { PRIVATE_NO_STORE } from "~/lib/cache-headers";
import { neutraliseCsvCell } from "~/lib/csv";
import {
  formatAdminDate,
  formatAdminTime,
  LEAD_KIND_LABELS,
  LEAD_STATUS_LABELS,
  leadFiltersFrom,
  ownerLabel,
} from "~/lib/lead-workspace";
import { answerLabels } from "~/lib/options";
import { recordStaffAudit } from "~/server/audit/staff-audit.server";
import { staffContext } from "~/server/auth/staff-guard.server";
import { today } from "~/server/clock.server";
import { getConfig } from "~/server/config.server";
import { errorFields, log } from "~/server/log.server";
import {
  exportDetails,
  type LeadCursor,
  type LeadExportDetails,
  type LeadListRow,
  leadsAfter,
} from "~/server/queries/staff-leads.server";
import { database } from "~/server/request-context.server";
import type { Route } from "./+types/leads-csv";

const BATCH = 2000;

/** As on its day; empty cells for other leads. */
function estimateCells(row: LeadListRow, siteUrl: string): string[] {
  const e = row.estimate;
  if (!e) return ["", "", "", "", ""];
  return [
    `${Math.round(e.savingsLow)}-${Math.round(e.savingsHigh)}`,
    String(Math.round(e.systemKw * 10) / 10),
    String(Math.round(e.netCost)),
    e.paybackYears === null ? "" : String(Math.round(e.paybackYears * 10) / 10),
    `${siteUrl}/solar-calculator?${e.query}`,
  ];
}
const HEADER = [
  "Type",
  "Status",
  "Business Name",
  "Contact Name",
  "Email",
  "Phone",
  "Monthly Bill",
  "Submitted At",
  "Id",
  "Estimate: First-Year Savings",
  "Estimate: System kW DC",
  "Estimate: Net Cost",
  "Estimate: Payback Years",
  "Estimate: Link",
  "Owner",
  "Next Step On",
  "Next Step",
  "Submitted Time",
  "Industry",
  "State",
  "Solar Readiness",
  "Question",
  "Source Page",
  "Referrer",
  "UTM Source",
  "UTM Medium",
  "UTM Campaign",
  "UTM Term",
  "UTM Content",
  "Notes",
  "Merged Leads",
  "Submitted (ISO 8601 UTC)",
  "Next Step On (ISO 8601)",
];

/**
 * A pull stream: the next keyset-paged batch is read only when the client took the last, so memory
 * stays flat and a slow download never piles rows up. Formula-like cells are neutralised.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const filters = leadFiltersFrom(new URL(request.url).searchParams);
  const { q, kind, status, owner, due, spam, from, to, source } = filters;
  const details = { q, kind, status, owner, due, spam, from, to, source };
  await recordStaffAudit(context, { action: "leads.exported", details });
  const { SITE_TIME_ZONE: timeZone, SITE_URL: siteUrl } = getConfig();
  const scope = { ...filters, viewerId: context.get(staffContext).id, today: today(), timeZone };
  const db = await database(context);
  const encoder = new TextEncoder();
  const line = (row: LeadListRow, more: LeadExportDetails | undefined) =>
    [
      LEAD_KIND_LABELS[row.kind],
      LEAD_STATUS_LABELS[row.status],
      row.businessName ?? "",
      row.contactName,
      row.email,
      row.phone ?? "",
      row.monthlyBill === null ? "" : String(row.monthlyBill),
      formatAdminDate(row.submittedAt, timeZone),
      row.id,
      ...estimateCells(row, siteUrl),
      row.ownerName === null ? "" : ownerLabel(row),
      row.nextStepOn ?? "",
      row.nextStep ?? "",
      formatAdminTime(row.submittedAt, timeZone),
      answerLabels.industry(more?.industry) ?? "",
      answerLabels.state(more?.state) ?? "",
      answerLabels.solarReadiness(more?.solarReadiness) ?? "",
      more?.question ?? "",
      more?.sourcePage ?? "",
      more?.referrer ?? "",
      more?.utmSource ?? "",
      more?.utmMedium ?? "",
      more?.utmCampaign ?? "",
      more?.utmTerm ?? "",
      more?.utmContent ?? "",
      more?.notes ?? "",
      more?.merged ?? "",
      row.submittedAt,
      row.nextStepOn ?? "",
    ].map(neutraliseCsvCell);
  let after: LeadCursor | undefined;
  let done = false;
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        // A byte-order mark, so spreadsheets read the file as UTF-8.
        controller.enqueue(encoder.encode(`\ufeff${stringify([HEADER])}`));
      },
      async pull(controller) {
        if (done) return;
        try {
          const { rows, next } = await leadsAfter(db, scope, after, BATCH);
          if (rows.length) {
            const more = await exportDetails(db, rows);
            controller.enqueue(encoder.encode(stringify(rows.map((row) => line(row, more.get(row.id))))));
          }
          if (!next || rows.length < BATCH) {
            done = true;
            controller.close();
          } else {
            after = next;
          }
        } catch (error) {
          log.error(errorFields(error), "CSV export failed");
          controller.error(error);
        }
      },
    },
    { highWaterMark: 1 },
  );
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="leads-${day}.csv"`,
      "Cache-Control": PRIVATE_NO_STORE,
    },
  });
}
