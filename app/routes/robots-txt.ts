import { PUBLIC_PAGE_CACHE_CONTROL } from "~/lib/cache-headers";
import { robotsTxt } from "~/lib/public-routes";
import { getConfig } from "~/server/config.server";

export function loader() {
  return new Response(robotsTxt(getConfig().SITE_URL), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL },
  });
}
