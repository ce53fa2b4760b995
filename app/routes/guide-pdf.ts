import { guide } from "~/content/guide";
import { guidePdf } from "~/server/guide/guide-pdf.server";
import { businessDetails } from "~/server/settings/business-details.server";

/** Not secret: anyone may read it. */
export async function loader() {
  const body = await guidePdf(await businessDetails());
  return new Response(new Uint8Array(body), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${guide.fileName}"`,
      // An hour: it carries the contact details an admin may change.
      "Cache-Control": "public, max-age=3600",
    },
  });
}
