import { industries } from "../../app/content/industries";
import { industryPages } from "../../app/content/industry-pages";
import { decodeHtml, expect, expectNoAxeViolations, MOBILE_VIEWPORT, test } from "./fixtures";

const ASSESSMENT_HERO = new Set(["winery", "wedding-venues"]);
const FREE_ESTIMATE = new Set(["medical-offices", "department-stores", "movie-theaters"]);
const MOBILE_AXE_PAGES = new Set(["farms", "winery", "wedding-venues", "medical-offices"]);
/** Axe at 1280 px: these and one page of each remaining hero and closing variant. */
const AXE_PAGES = new Set([...MOBILE_AXE_PAGES, "department-stores", "hospitals", "car-wash", "logistics"]);

for (const entry of industries) {
  const page = industryPages[entry.slug];
  test.describe(entry.path, () => {
    test("complete in the server HTML, with the spec's calls to action", async ({ request }) => {
      if (!page) throw new Error(entry.slug);
      const response = await request.get(entry.path);
      expect(response.status()).toBe(200);
      const html = decodeHtml(await response.text());
      // JavaScript off: everything is in the HTML the server sends.
      for (const text of [
        page.title,
        page.subtitle,
        page.intro,
        ...page.benefits.map((item) => item.title),
        ...page.incentives.map((item) => item.title),
        ...page.useCases.map((item) => item.title),
        page.example.summary,
        ...page.faq.map((item) => item.question),
        page.ctaText,
        "Top 10 Hidden Solar Incentives by Industry",
      ]) {
        expect(html, text).toContain(text);
      }
      expect(html).toContain('id="assessment"');
      expect(html).toContain(`src="/images/industries/${entry.slug}.svg"`);
      expect(html).toContain('"@type":"Service"');
      // No FAQPage: Google shows FAQ results only for government and health sites (decision 0033).
      expect(html).not.toContain('"@type":"FAQPage"');
      expect(html).toContain(`<link rel="canonical" href="${test.info().project.use.baseURL}${entry.path}"/>`);
      expect(html).not.toMatch(/coming soon/i);
      // Its own Open Graph image, a PNG that exists.
      const og = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1] ?? "";
      expect(og).toMatch(new RegExp(`/images/og/${entry.slug}\\.png$`));
      const image = await request.get(new URL(og).pathname);
      expect(image.status()).toBe(200);
      expect(image.headers()["content-type"]).toBe("image/png");

      const hero = /<section aria-labelledby="industry-title"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
      if (ASSESSMENT_HERO.has(entry.slug)) expect(hero).toContain('href="#assessment"');
      else expect(hero).toContain('href="/submit-bill"');
      const estimate = /href="([^"]+)"[^>]*>Estimate Your Savings/.exec(hero)?.[1];
      expect(estimate).toBe(entry.slug === "wedding-venues" ? "/submit-bill" : "/solar-calculator");
      const closing = /<section aria-labelledby="closing-heading"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
      expect(closing).toContain('href="/submit-bill"');
      expect(closing.includes('href="/free-estimate"')).toBe(FREE_ESTIMATE.has(entry.slug));
      expect(html).toMatch(/href="\/"[^>]*>(?:(?!<\/a>)[\s\S]){0,800}Back to Home<\/a>/);
    });

    // The pages share one template: axe runs on a sample holding each hero and closing variant
    // (8 pages at 1280 px, 4 of them at 375 px); the rest differ only in text, images and links.
    if (!AXE_PAGES.has(entry.slug)) return;
    const narrow = MOBILE_AXE_PAGES.has(entry.slug);
    test(`no axe violation at 1280 px${narrow ? " and 375 px" : ""}`, async ({ page: browserPage }) => {
      await browserPage.goto(entry.path);
      await expectNoAxeViolations(browserPage);
      if (!narrow) return;
      await browserPage.setViewportSize({ width: 375, height: MOBILE_VIEWPORT.height });
      await browserPage.reload();
      await expectNoAxeViolations(browserPage);
    });
  });
}
