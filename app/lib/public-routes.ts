import { states } from "~/content/states";
import { shownIndustries } from "./shown-industries";

/** What the sitemap lists: no staff pages, no /thank-you. */
const staticPublicPaths = [
  "/",
  "/incentives",
  "/incentives/states",
  "/incentives/buyers-guide",
  "/how-it-works",
  "/policy-watch",
  "/solar-calculator",
  "/check-my-quote",
  "/talk-to-solar-advisor",
  "/submit-bill",
  "/free-estimate",
  "/mission",
  "/about",
  "/sources",
] as const;

export function publicPaths(retiredIndustries: readonly string[] = []): string[] {
  return [
    ...staticPublicPaths,
    ...states.map((state) => `/incentives/states/${state.code.toLowerCase()}`),
    ...shownIndustries(retiredIndustries).map((industry) => industry.path),
  ];
}

function escapeXml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export function sitemapXml(siteUrl: string, retiredIndustries: readonly string[] = []): string {
  const urls = publicPaths(retiredIndustries)
    .map((path) => `  <url><loc>${escapeXml(`${siteUrl}${path}`)}</loc></url>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(siteUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin/",
    "Disallow: /api/",
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
}
