import { PUBLIC_PAGE_CACHE_CONTROL } from "~/lib/cache-headers";
import { sitemapXml } from "~/lib/public-routes";
import { getConfig } from "~/server/config.server";
import { sharedRetiredIndustries } from "~/server/content/shared-content.server";
import { getDb } from "~/server/db/db.server";
import { errorFields, log } from "~/server/log.server";

/** Every public page but retired industries (their pages answer 404); all of them if the database cannot say. */
export async function loader() {
  const config = getConfig();
  const retired = await getDb()
    .then((db) => sharedRetiredIndustries(db, config.HTML_CACHE_SECONDS))
    .catch((error: unknown) => {
      log.error(errorFields(error), "Error loading retired industries for the sitemap");
      return [] as string[];
    });
  return new Response(sitemapXml(config.SITE_URL, retired), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL },
  });
}
