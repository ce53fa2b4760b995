import { guide } from "~/content/guide";
import { guidePdf } from "~/server/guide/guide-pdf.server";

/** The free guide, for download from /thank-you (it is not secret: anyone may read it). */
export async function loader() {
  const body = await guidePdf();
  return new Response(new Uint8Array(body), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${guide.fileName}"`,
      "Cache-Control": "public, max-age=86400",
    },
  });
}
