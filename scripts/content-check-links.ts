import { checkAllSourceLinks, LINK_CHECK_DEFAULTS } from "../app/server/content/link-check.server";
import { runWithDatabase } from "./run-with-db";

/**
 * `npm run content:check-links`: checks the source link of every published incentive and policy
 * update (at most 8 at once, 10 s per link, no new link after 5 minutes) and stores each result,
 * which the staff dashboard's stale-content queue shows. On PGlite, stop the server first.
 */
await runWithDatabase(async (handle) => {
  const summary = await checkAllSourceLinks(handle.db, LINK_CHECK_DEFAULTS);
  console.log(
    `Checked ${summary.links} links of ${summary.records} records: ${summary.ok} ok, ${summary.failed} failed, ${summary.skipped} not checked (time was up).`,
  );
  for (const failure of summary.failures) {
    console.log(`  ${failure.kind} "${failure.title}": ${failure.link} (${failure.detail})`);
  }
});
