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

const mobileExtraNav = [{ to: "/solar-calculator", label: "Estimate Your Savings", phoneOnly: true }] as const;

/** The header's HTML depends on the path only through which of these are active. */
const activeTargets = [
  ...new Set([
    ...mainNav.map((item) => item.to),
    ...industries.map((item) => item.path),
    ...mobileExtraNav.map((item) => item.to),
  ]),
];

const headerClass = "site-header sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur";

/** Inner HTML by active links and retired industries (see app/lib/shell-markup.tsx). */
const markup = new StaticMarkup();

export function prerenderSiteHeader(render: StaticRenderer): void {
  const variants = new Map<string, string>();
  for (const path of ["/", ...activeTargets]) {
    const key = activeKey(path, activeTargets);
    if (!variants.has(key)) variants.set(key, path);
  }
  markup.prerender(
    render,
    [...variants].map(([key, path]) => [`${key}|`, <HeaderContent key={key} pathname={path} />] as const),
  );
}

/** Static markup (pages are not hydrated): app/client/enhance/ opens and closes its two disclosures. */
export function SiteHeader() {
  const { pathname } = useLocation();
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

/** Same rule and classes as React Router's NavLink. */
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

/** WAI-ARIA disclosure pattern, not a menu role. Escape or leaving it closes it. */
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
