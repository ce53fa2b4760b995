import { describe, expect, it } from "vitest";
import { industries } from "~/content/industries";
import { states } from "~/content/states";
import { publicPaths, robotsTxt, sitemapXml } from "./public-routes";

describe("sitemap", () => {
  it("lists every public route, the 50 state pages and the 18 industry pages, once each", () => {
    const paths = publicPaths();
    expect(new Set(paths).size).toBe(paths.length);
    expect(states).toHaveLength(50);
    expect(industries).toHaveLength(18);
    expect(paths.filter((path) => /^\/incentives\/states\/[a-z]{2}$/.test(path))).toHaveLength(50);
    for (const industry of industries) expect(paths).toContain(industry.path);
    expect(paths).not.toContain("/thank-you");
    expect(paths.some((path) => path.startsWith("/admin"))).toBe(false);
  });

  it("writes absolute URLs on the site's own origin", () => {
    const xml = sitemapXml("https://solar.example.com");
    expect(xml).toContain("<loc>https://solar.example.com/</loc>");
    expect(xml).toContain("<loc>https://solar.example.com/incentives/states/ny</loc>");
    expect(xml.match(/<url>/g)).toHaveLength(publicPaths().length);
  });

  it("points robots.txt at the sitemap and keeps crawlers out of the staff area", () => {
    const text = robotsTxt("https://solar.example.com");
    expect(text).toContain("Sitemap: https://solar.example.com/sitemap.xml");
    expect(text).toContain("Disallow: /admin/");
  });

  it("leaves retired industries out of the sitemap", () => {
    const xml = sitemapXml("https://solar.example", ["winery"]);
    expect(xml).not.toContain("https://solar.example/winery</loc>");
    expect(xml.match(/<url>/g)).toHaveLength(publicPaths().length - 1);
  });
});
