import { buyersGuideSources } from "../app/content/buyers-guide";
import { checkAllSourceLinks, checkLinks, LINK_CHECK_DEFAULTS } from "../app/server/content/link-check.server";
import { runWithDatabase } from "./run-with-db";

/**
 * `npm run content:check-links`: checks every page cited by every published record (incentives,
 * policy updates, calculator figures, page texts, industry pages: their links, sources and
 * calculator terms; at most 8 at once, 10 s per link, no new link after 5 minutes; a site's home
 * page fails without being asked) and stores each incentive's, update's and figure's result, which
 * the staff dashboard's stale-content queue shows; then the buyer's guide's built-in sources
 * (reported only: they live in app/content/buyers-guide.ts). On PGlite, stop the server first.
 */
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
