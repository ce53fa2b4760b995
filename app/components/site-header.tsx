import { useLocation } from "react-router";
import { industries } from "~/content/industries";
import { mainNav, site } from "~/content/site";
import { cn } from "~/lib/cn";
import { activeKey, isActivePath, ShellLink, StaticMarkup, type StaticRenderer } from "~/lib/shell-markup";
import { type Industry, retiredKey, shownIndustries } from "~/lib/shown-industries";
import { LogoMark } from "./logo";
import { buttonClasses } from "./ui/button";
import { Container } from "./ui/container";
import { CssIcon } from "./ui/css-icon";
import { useShellData } from "./use-shell-data";

const navLinkClass = (isActive: boolean) => cn("nav-link", isActive && "nav-link-current");

/** The phone menu's last entry (on larger screens the header's button is there instead). */
const mobileExtraNav = [{ to: "/solar-calculator", label: "Estimate Your Savings", phoneOnly: true }] as const;

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

const headerClass = "site-header sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur";

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
    [...variants].map(([key, path]) => [`${key}|`, <HeaderContent key={key} pathname={path} />] as const),
  );
}

/**
 * The header is static markup: its two disclosures (Industries, mobile menu) are opened and closed
 * by app/client/enhance/ (bundled inline, decision 0008) (pages are not hydrated). On public pages
 * its inner HTML is the one rendered for this path's active links when the server bundle loaded.
 */
export function SiteHeader() {
  const { pathname } = useLocation();
  // Retired industries (staff's choice) are left out; each retired set has its own variants.
  const retired = useShellData()?.retiredIndustries ?? [];
  const variant = activeKey(pathname, activeTargets);
  const html = markup.get(`${variant}|${retiredKey(retired)}`, () => (
    <HeaderContent pathname={pathname} shown={shownIndustries(retired)} />
  ));
  return html === undefined ? (
    <header className={headerClass}>
      <HeaderContent pathname={pathname} shown={shownIndustries(retired)} />
    </header>
  ) : (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: our own header, rendered by React from built-in constants
    <header className={headerClass} dangerouslySetInnerHTML={{ __html: html }} />
  );
}

function HeaderContent({ pathname, shown = industries }: { pathname: string; shown?: readonly Industry[] }) {
  return (
    <Container className="relative flex min-h-16 flex-wrap items-center gap-x-4">
      <ShellLink to="/" className="home">
        <LogoMark />
        <span className="whitespace-nowrap lg:hidden">{site.shortName}</span>
        <span className="whitespace-nowrap max-lg:hidden">{site.name}</span>
      </ShellLink>
      {/* Before the navigation it opens on phones, so Tab goes from the button into the menu. */}
      <div className="ml-auto md:hidden" data-disclosure-root>
        <button
          type="button"
          className="menu-button"
          aria-label="Menu"
          aria-expanded="false"
          aria-controls="site-nav"
          data-disclosure
        >
          <CssIcon name="menu" />
        </button>
      </div>
      {/* One navigation for every screen (app.css .site-nav): a row on desktop, the menu's list on phones. */}
      <nav id="site-nav" aria-label="Main" className="site-nav">
        <IndustriesMenu pathname={pathname} shown={shown} />
        {[...mainNav, ...mobileExtraNav].map((item) => (
          <NavItem key={item.to} item={item} pathname={pathname} />
        ))}
      </nav>
      <ShellLink
        to="/solar-calculator"
        className={buttonClasses("primary", "md", "max-lg:hidden")}
        data-testid="header-cta"
      >
        Estimate Your Savings
      </ShellLink>
    </Container>
  );
}

/** A link that marks the current section, as React Router's NavLink does (same rule, same classes). */
function NavItem({ item, pathname }: { item: { to: string; label: string; phoneOnly?: boolean }; pathname: string }) {
  const active = isActivePath(pathname, item.to);
  return (
    <ShellLink
      to={item.to}
      aria-current={active ? "page" : undefined}
      className={cn(navLinkClass(active), item.phoneOnly && "md:hidden")}
    >
      {item.label}
    </ShellLink>
  );
}

/**
 * Disclosure navigation (WAI-ARIA "disclosure" pattern, not a menu role): a button that shows a
 * panel of plain links. Escape closes it and returns focus to the button; so does leaving it.
 */
function IndustriesMenu({ pathname, shown }: { pathname: string; shown: readonly Industry[] }) {
  return (
    <div data-disclosure-root>
      <button
        type="button"
        className="industries-button"
        aria-expanded="false"
        aria-controls="industries-panel"
        data-disclosure
      >
        Industries
        <CssIcon name="chevron-down" className="size-4" />
      </button>
      <p className="industries-title">Industries</p>
      <div id="industries-panel" className="industries-panel">
        <ul data-testid="industries-grid">
          {shown.map((industry) => (
            <li key={industry.slug}>
              <ShellLink to={industry.path} aria-current={isActivePath(pathname, industry.path) ? "page" : undefined}>
                {industry.label}
              </ShellLink>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
