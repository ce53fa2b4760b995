import type { ReactNode } from "react";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { industries } from "~/content/industries";
import { footerNav, mainNav } from "~/content/site";
import { PUBLIC_SHELL_ID } from "~/lib/seo";
import { PromoBanner } from "./promo-banner";
import { prerenderSiteFooter, SiteFooter } from "./site-footer";
import { prerenderSiteHeader, SiteHeader } from "./site-header";

// Needs fresh modules (vitest.config.ts): it checks the shell before anything pre-rendered it, and
// its marked copies must not reach other files' pages.
const MARK = "<!--prerendered-->";
const markedRenderer = (node: ReactNode) => MARK + renderToStaticMarkup(node);

function Shell() {
  return (
    <>
      <SiteHeader />
      <SiteFooter />
    </>
  );
}
const PublicShell = createRoutesStub([{ path: "*", Component: Shell }]);

function renderShell(path: string): string {
  return renderToString(<PublicShell initialEntries={[path]} />);
}

/** Same elements, attributes and text (React's text separators aside). */
const visible = (html: string) => html.replaceAll(MARK, "").replaceAll("<!-- -->", "");

const paths = [
  "/",
  "/about",
  "/incentives",
  "/incentives?q=solar&page=2",
  "/incentives/states/ca",
  "/INCENTIVES",
  "/policy-watch",
  "/how-it-works/",
  "/solar-calculator",
  "/farms",
  "/veterinary-offices",
  "/no-such-page",
];

describe("the site header and footer, pre-rendered", () => {
  it("give every page the same HTML React renders for it, from the pre-rendered copy", () => {
    const live = new Map(paths.map((path) => [path, renderShell(path)]));
    for (const html of live.values()) expect(html).not.toContain(MARK);

    prerenderSiteHeader(markedRenderer);
    prerenderSiteFooter(markedRenderer);
    for (const path of paths) {
      const html = renderShell(path);
      expect(html.split(MARK)).toHaveLength(3);
      expect(visible(html)).toBe(visible(live.get(path) as string));
    }
  });

  it("mark the current section as NavLink did, and link with plain anchors", () => {
    const html = renderShell("/incentives/states/ca");
    expect([...html.matchAll(/<a [^>]*aria-current="page"[^>]*>([^<]*)</g)].map((match) => match[1])).toEqual([
      "Incentives",
    ]);
    const header = /<header[\s\S]*<\/header>/.exec(html)?.[0] ?? "";
    for (const industry of industries) expect(header.split(`href="${industry.path}"`)).toHaveLength(2);
    const farms = renderShell("/farms");
    // app/app.css styles .industries-panel a[aria-current].
    expect(farms).toContain('<a aria-current="page" href="/farms">Farms &amp; Agriculture<');
    for (const to of [
      ...mainNav.map((item) => item.to),
      ...industries.map((item) => item.path),
      ...footerNav.map((item) => item.to),
    ]) {
      expect(farms).toContain(`href="${to}"`);
    }
    expect(farms).not.toContain("data-discover");
  });
});

const RootShell = createRoutesStub([{ id: PUBLIC_SHELL_ID, path: "*", Component: Shell, loader: () => null }]);

function renderRetired(path: string, retiredIndustries: string[]): string {
  return renderToString(
    <RootShell initialEntries={[path]} hydrationData={{ loaderData: { [PUBLIC_SHELL_ID]: { retiredIndustries } } }} />,
  );
}

describe("the site header and footer with industries retired", () => {
  it("leave the retired industries out, rendered once per retired set and reused", () => {
    let renders = 0;
    prerenderSiteHeader((node) => {
      renders += 1;
      return markedRenderer(node);
    });
    prerenderSiteFooter(markedRenderer);
    const prerendered = renders;
    const html = renderRetired("/farms", ["winery", "car-wash"]);
    expect(html.split(MARK)).toHaveLength(3);
    expect(renders).toBe(prerendered + 1);
    expect(html).not.toContain('href="/winery"');
    expect(html).not.toContain('href="/car-wash"');
    expect(html).toContain('href="/hospitals"');
    expect(html).toContain('<a aria-current="page" href="/farms">Farms &amp; Agriculture<');

    expect(renderRetired("/farms", ["car-wash", "winery"])).toBe(html);
    expect(renders).toBe(prerendered + 1);
    expect(renderRetired("/about", ["car-wash", "winery"])).not.toContain('aria-current="page"');
    expect(renders).toBe(prerendered + 2);
    expect(renderRetired("/farms", [])).toContain('href="/winery"');
    expect(renders).toBe(prerendered + 2);
  });
});

let bannerText = { content: "", ctaLabel: "Go", ctaLink: "/" };
function Banner() {
  return <PromoBanner banner={bannerText} />;
}
const BannerPage = createRoutesStub([{ path: "*", Component: Banner }]);

describe("the banner", () => {
  it("shows the text it is given on every render (database text, never pre-rendered)", () => {
    const render = (content: string, ctaLink: string) => {
      bannerText = { content, ctaLabel: "Go", ctaLink };
      return renderToString(<BannerPage initialEntries={["/incentives?q=x"]} />);
    };
    const first = render("First text", "/submit-bill");
    expect(first).toContain("<p><span>First text</span> <a");
    expect(first).toContain('href="/incentives/buyers-guide"');
    const edited = render("Edited text", "#lead-form");
    expect(edited).toContain("<p><span>Edited text</span> <a");
    expect(edited).toContain('href="#lead-form"');
    expect(edited).not.toContain("First text");
  });
});
