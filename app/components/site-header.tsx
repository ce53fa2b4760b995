import { ChevronDown, Menu, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { industries } from "~/content/industries";
import { mainNav, site } from "~/content/site";
import { cn } from "~/lib/cn";
import { LogoMark } from "./logo";
import { LinkButton } from "./ui/button";
import { Container } from "./ui/container";

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "inline-flex min-h-11 items-center rounded-md px-3 font-medium text-navy-900 hover:bg-slate-100",
    isActive && "text-sun-700 underline decoration-2 underline-offset-8",
  );

export function SiteHeader() {
  const [mobileOpen, setMobileOpen] = useState(false);
  const { pathname } = useLocation();

  // A navigation closes the mobile menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path change by design
  useEffect(() => setMobileOpen(false), [pathname]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <Container className="relative flex h-16 items-center justify-between gap-4">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold text-navy-900">
          <LogoMark />
          <span>{site.name}</span>
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          <IndustriesMenu />
          {mainNav.map((item) => (
            <NavLink key={item.to} to={item.to} className={navLinkClass}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          <LinkButton to="/solar-calculator" className="hidden lg:inline-flex" data-testid="header-cta">
            Estimate Your Savings
          </LinkButton>
          <button
            type="button"
            className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md text-navy-900 hover:bg-slate-100 md:hidden"
            aria-label="Menu"
            aria-expanded={mobileOpen}
            aria-controls="mobile-menu"
            onClick={() => setMobileOpen((open) => !open)}
          >
            {mobileOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </button>
        </div>
      </Container>
      <div
        id="mobile-menu"
        hidden={!mobileOpen}
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
  const [open, setOpen] = useState(false);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path change by design
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  return (
    <div
      ref={wrapperRef}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
      onBlur={(event) => {
        if (open && !wrapperRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="inline-flex min-h-11 items-center gap-1 rounded-md px-3 font-medium text-navy-900 hover:bg-slate-100"
        aria-expanded={open}
        aria-controls="industries-panel"
        onClick={() => setOpen((value) => !value)}
      >
        Industries
        <ChevronDown aria-hidden="true" className={cn("size-4 transition-transform", open && "rotate-180")} />
      </button>
      <div
        id="industries-panel"
        hidden={!open}
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
