import { ChevronDown, Menu } from "lucide-react";
import { Link, NavLink } from "react-router";
import { industries } from "~/content/industries";
import { mainNav, site } from "~/content/site";
import { cn } from "~/lib/cn";
import { LogoMark } from "./logo";
import { LinkButton } from "./ui/button";
import { Container } from "./ui/container";

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "inline-flex min-h-11 items-center whitespace-nowrap rounded-md px-2 font-medium text-navy-900 hover:bg-slate-100 lg:px-3",
    isActive && "text-sun-700 underline decoration-2 underline-offset-8",
  );

/**
 * The header is static markup: its two disclosures (Industries, mobile menu) are opened and closed
 * by app/client/enhance/ (bundled inline, decision 0008) (pages are not hydrated).
 */
export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <Container className="relative flex h-16 items-center justify-between gap-4">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold text-navy-900">
          <LogoMark />
          <span className="whitespace-nowrap lg:hidden">{site.shortName}</span>
          <span className="whitespace-nowrap max-lg:hidden">{site.name}</span>
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          <IndustriesMenu />
          {mainNav.map((item) => (
            <NavLink key={item.to} to={item.to} className={navLinkClass}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="flex items-center gap-2" data-disclosure-root>
          <LinkButton to="/solar-calculator" className="max-lg:hidden" data-testid="header-cta">
            Estimate Your Savings
          </LinkButton>
          <button
            type="button"
            className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md text-navy-900 hover:bg-slate-100 md:hidden"
            aria-label="Menu"
            aria-expanded="false"
            aria-controls="mobile-menu"
            data-disclosure
          >
            <Menu aria-hidden="true" />
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
              {industries.map((industry) => (
                <li key={industry.slug}>
                  <NavLink to={industry.path} className={navLinkClass}>
                    {industry.label}
                  </NavLink>
                </li>
              ))}
            </ul>
            <ul className="border-t border-slate-200 pt-4">
              {mainNav.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} className={navLinkClass}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
              <li>
                <NavLink to="/solar-calculator" className={navLinkClass}>
                  Estimate Your Savings
                </NavLink>
              </li>
            </ul>
          </Container>
        </nav>
      </div>
    </header>
  );
}

/**
 * Disclosure navigation (WAI-ARIA "disclosure" pattern, not a menu role): a button that shows a
 * panel of plain links. Escape closes it and returns focus to the button; so does leaving it.
 */
function IndustriesMenu() {
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
        <ChevronDown aria-hidden="true" className="size-4 transition-transform group-aria-expanded:rotate-180" />
      </button>
      <div
        id="industries-panel"
        hidden
        className="absolute inset-x-4 top-full z-50 mt-1 rounded-xl border border-slate-200 bg-white p-4 shadow-xl sm:inset-x-6"
      >
        <ul className="grid grid-cols-3 gap-x-4 gap-y-1" data-testid="industries-grid">
          {industries.map((industry) => (
            <li key={industry.slug}>
              <Link
                to={industry.path}
                className="flex min-h-11 items-center rounded-md px-3 text-navy-900 hover:bg-slate-100"
              >
                {industry.label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
