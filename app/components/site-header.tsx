import { useLocation, useMatches, useRouteLoaderData } from "react-router";
import { industries } from "~/content/industries";
import { mainNav, site } from "~/content/site";
import { cn } from "~/lib/cn";
import { wantsHydration } from "~/lib/route-handle";
import type { RootData } from "~/lib/seo";
import { activeKey, isActivePath, ShellLink, StaticMarkup, type StaticRenderer } from "~/lib/shell-markup";
import { type Industry, retiredKey, shownIndustries } from "~/lib/shown-industries";
import { LogoMark } from "./logo";
import { buttonClasses } from "./ui/button";
import { Container } from "./ui/container";
import { CssIcon } from "./ui/css-icon";

const navLinkClass = (isActive: boolean) => cn("nav-link", isActive && "nav-link-current");

/** The mobile menu's last entry (on large screens it is the header's button). */
const mobileExtraNav = [{ to: "/solar-calculator", label: "Estimate Your Savings" }] as const;

/**
 * Every link that shows whether it is the current section (as a NavLink would: `aria-current` and
 * the underline): the header's HTML depends on the path only through which of these are active.
 */
const activeTargets = [
  ...new Set([
    ...mainNav.map((item) => item.to),
    ...industries.map((item) => item.path),
    ...mobileExtraNav.map((item) => item.to),
  ]),
];

const headerClass = "sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur";

/** The header's inner HTML by active links and retired industries (see app/lib/shell-markup.tsx). */
const markup = new StaticMarkup();

/**
 * Renders the header once for each set of active links a path can give (none, or one of the
 * targets), for `SiteHeader` to reuse on every public page.
 */
export function prerenderSiteHeader(render: StaticRenderer): void {
  const variants = new Map<string, string>();
  for (const path of ["/", ...activeTargets]) {
    const key = activeKey(path, activeTargets);
    if (!variants.has(key)) variants.set(key, path);
  }
  markup.prerender(
    render,
    // Keyed as in `SiteHeader`: active links, then the retired set (none here).
    [...variants].map(
      ([key, path]) => [`${key}|`, <HeaderContent key={key} pathname={path} client={false} />] as const,
    ),
  );
}

/**
 * The header is static markup: its two disclosures (Industries, mobile menu) are opened and closed
 * by app/client/enhance/ (bundled inline, decision 0008) (pages are not hydrated). On public pages
 * its inner HTML is the one rendered for this path's active links when the server bundle loaded.
 */
export function SiteHeader() {
  const { pathname } = useLocation();
  const client = wantsHydration(useMatches());
  // Retired industries (staff's choice) are left out; each retired set has its own variants.
  const retired = useRouteLoaderData<RootData>("root")?.retiredIndustries ?? [];
  const variant = activeKey(pathname, activeTargets);
  const html = client
    ? undefined
    : markup.get(`${variant}|${retiredKey(retired)}`, () => (
        <HeaderContent pathname={pathname} client={false} shown={shownIndustries(retired)} />
      ));
  return html === undefined ? (
    <header className={headerClass}>
      <HeaderContent pathname={pathname} client={client} shown={shownIndustries(retired)} />
    </header>
  ) : (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: our own header, rendered by React from built-in constants
    <header className={headerClass} dangerouslySetInnerHTML={{ __html: html }} />
  );
}

function HeaderContent({
  pathname,
  client,
  shown = industries,
}: {
  pathname: string;
  client: boolean;
  shown?: readonly Industry[];
}) {
  return (
    <>
      <Container className="relative flex h-16 items-center justify-between gap-4">
        <ShellLink to="/" client={client} className="flex items-center gap-2 text-lg font-bold text-navy-900">
          <LogoMark />
          <span className="whitespace-nowrap lg:hidden">{site.shortName}</span>
          <span className="whitespace-nowrap max-lg:hidden">{site.name}</span>
        </ShellLink>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          <IndustriesMenu client={client} shown={shown} />
          {mainNav.map((item) => (
            <NavItem key={item.to} item={item} pathname={pathname} client={client} />
          ))}
        </nav>
        <div className="flex items-center gap-2" data-disclosure-root>
          <ShellLink
            to="/solar-calculator"
            client={client}
            className={buttonClasses("primary", "md", "max-lg:hidden")}
            data-testid="header-cta"
          >
            Estimate Your Savings
          </ShellLink>
          <button
            type="button"
            className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md text-navy-900 hover:bg-slate-100 md:hidden"
            aria-label="Menu"
            aria-expanded="false"
            aria-controls="mobile-menu"
            data-disclosure
          >
            <CssIcon name="menu" />
          </button>
        </div>
      </Container>
      <div
        id="mobile-menu"
        hidden
        className="max-h-[calc(100vh-4rem)] overflow-y-auto border-t border-slate-200 md:hidden"
      >
        <nav aria-label="Mobile">
          <Container className="py-4">
            <p className="px-3 text-sm font-semibold uppercase tracking-wide text-slate-600">Industries</p>
            <ul className="mb-4">
              {shown.map((industry) => (
                <li key={industry.slug}>
                  <NavItem item={{ to: industry.path, label: industry.label }} pathname={pathname} client={client} />
                </li>
              ))}
            </ul>
            <ul className="border-t border-slate-200 pt-4">
              {[...mainNav, ...mobileExtraNav].map((item) => (
                <li key={item.to}>
                  <NavItem item={item} pathname={pathname} client={client} />
                </li>
              ))}
            </ul>
          </Container>
        </nav>
      </div>
    </>
  );
}

/** A link that marks the current section, as React Router's NavLink does (same rule, same classes). */
function NavItem({
  item,
  pathname,
  client,
}: {
  item: { to: string; label: string };
  pathname: string;
  client: boolean;
}) {
  const active = isActivePath(pathname, item.to);
  return (
    <ShellLink to={item.to} client={client} aria-current={active ? "page" : undefined} className={navLinkClass(active)}>
      {item.label}
    </ShellLink>
  );
}

/**
 * Disclosure navigation (WAI-ARIA "disclosure" pattern, not a menu role): a button that shows a
 * panel of plain links. Escape closes it and returns focus to the button; so does leaving it.
 */
function IndustriesMenu({ client, shown }: { client: boolean; shown: readonly Industry[] }) {
  return (
    <div data-disclosure-root>
      <button
        type="button"
        className="group inline-flex min-h-11 items-center gap-1 whitespace-nowrap rounded-md px-2 font-medium text-navy-900 hover:bg-slate-100 lg:px-3"
        aria-expanded="false"
        aria-controls="industries-panel"
        data-disclosure
      >
        Industries
        <CssIcon name="chevron-down" className="size-4 transition-transform group-aria-expanded:rotate-180" />
      </button>
      <div
        id="industries-panel"
        hidden
        className="absolute inset-x-4 top-full z-50 mt-1 rounded-xl border border-slate-200 bg-white p-4 shadow-xl sm:inset-x-6"
      >
        <ul className="grid grid-cols-3 gap-x-4 gap-y-1" data-testid="industries-grid">
          {shown.map((industry) => (
            <li key={industry.slug}>
              <ShellLink to={industry.path} client={client} className="panel-link">
                {industry.label}
              </ShellLink>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
