import { Readable } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { stringify } from "csv-stringify";
import { PRIVATE_NO_STORE } from "~/lib/cache-headers";
import { neutraliseCsvCell } from "~/lib/csv";
import { formatAdminDate, LEAD_KIND_LABELS, LEAD_STATUS_LABELS, leadFiltersFrom } from "~/lib/lead-workspace";
import { getConfig } from "~/server/config.server";
import { getDb } from "~/server/db/db.server";
import { type LeadCursor, leadsAfter } from "~/server/queries/staff-leads.server";
import type { Route } from "./+types/admin-leads-csv";

const PAGE = 1000;

/**
 * The current filter of the lead list as CSV, streamed in keyset-paged batches (memory and the
 * cost of each batch stay flat however many rows match). Cells a spreadsheet would run as formulas are neutralised.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const filters = leadFiltersFrom(new URL(request.url).searchParams);
  const db = await getDb();
  const timeZone = getConfig().SITE_TIME_ZONE;
  async function* rows() {
    yield ["Type", "Status", "Business Name", "Contact Name", "Email", "Phone", "Monthly Bill", "Submitted At", "Id"];
    let after: LeadCursor | undefined;
    for (;;) {
      const { rows: batch, next } = await leadsAfter(db, filters, after, PAGE);
      for (const row of batch) {
        yield [
          LEAD_KIND_LABELS[row.kind],
          LEAD_STATUS_LABELS[row.status],
          row.businessName ?? "",
          row.contactName,
          row.email,
          row.phone ?? "",
          row.monthlyBill === null ? "" : String(row.monthlyBill),
          formatAdminDate(row.submittedAt, timeZone),
          row.id,
        ].map(neutraliseCsvCell);
      }
      if (!next || batch.length < PAGE) return;
      after = next;
    }
  }
  const csv = Readable.from(rows()).pipe(stringify({ bom: true }));
  const day = new Date().toISOString().slice(0, 10);
  return new Response(createReadableStreamFromReadable(csv), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="leads-${day}.csv"`,
      "Cache-Control": PRIVATE_NO_STORE,
    },
  });
}
