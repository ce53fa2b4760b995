import { buyersGuideSources } from "../app/content/buyers-guide";
import { checkAllSourceLinks, checkLinks, LINK_CHECK_DEFAULTS } from "../app/server/content/link-check.server";
import { runWithDatabase } from "./run-with-db";

// Stores results for the staff stale-content queue; the buyer's guide is only reported (it lives in code).
// On PGlite, stop the server first.
await runWithDatabase(async (handle) => {
  const summary = await checkAllSourceLinks(handle.db, LINK_CHECK_DEFAULTS);
  console.log(
    `Checked ${summary.links} pages cited by ${summary.records} records: ${summary.ok} ok, ${summary.failed} failed, ${summary.skipped} not checked (time was up).`,
  );
  for (const failure of summary.failures) {
    console.log(`  ${failure.kind} "${failure.title}": ${failure.link} (${failure.detail})`);
  }
  const guide = await checkLinks(
    buyersGuideSources.map((source) => source.url),
    LINK_CHECK_DEFAULTS,
  );
  const failed = guide.filter((result) => result.outcome === "failed");
  console.log(`Buyer's guide: ${guide.length} source links, ${failed.length} failed.`);
  for (const result of failed) console.log(`  ${result.url} (${result.detail})`);
});
