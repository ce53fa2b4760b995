import { PUBLIC_PAGE_CACHE_CONTROL } from "~/lib/cache-headers";
import { sitemapXml } from "~/lib/public-routes";
import { getConfig } from "~/server/config.server";

export function loader() {
  return new Response(sitemapXml(getConfig().SITE_URL), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL },
  });
}
