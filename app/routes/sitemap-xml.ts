import { PUBLIC_PAGE_CACHE_CONTROL } from "~/lib/cache-headers";
import { sitemapXml } from "~/lib/public-routes";
import { getConfig } from "~/server/config.server";
import { retiredIndustriesOrNone } from "~/server/content/shared-content.server";

/** Retired industries' pages answer 404; all are listed if the database cannot say. */
export async function loader() {
  const config = getConfig();
  const retired = await retiredIndustriesOrNone(config.HTML_CACHE_SECONDS, "the sitemap");
  return new Response(sitemapXml(config.SITE_URL, retired), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL },
  });
}
