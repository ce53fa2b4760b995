import { Menu } from "lucide-react";
import { NavLink, useLocation } from "react-router";
import { LogoMark } from "~/components/logo";
import { SignOutButton } from "~/components/staff/access-denied";
import { cn } from "~/lib/cn";

export type StaffNavItem = { to: string; label: string; end: boolean };

const tabClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "inline-flex min-h-11 items-center whitespace-nowrap rounded-lg px-2.5 font-medium",
    isActive ? "bg-white text-navy-950" : "text-white hover:bg-navy-800",
  );

/** On a phone the menu is a `<details>`, so it opens by keyboard and without JavaScript. */
export function StaffHeader({ items, email }: { items: StaffNavItem[]; email: string }) {
  const { pathname } = useLocation();
  const here = items.find((item) => (item.end ? pathname === item.to : pathname.startsWith(item.to)))?.label;
  const account = (
    <>
      <NavLink to="/admin/account" className={tabClass} title={email}>
        My account
      </NavLink>
      <a
        href="/"
        className="inline-flex min-h-11 items-center whitespace-nowrap px-2.5 text-sm underline underline-offset-4"
      >
        Public site
      </a>
      <SignOutButton />
    </>
  );
  return (
    <header className="bg-navy-950 text-white">
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-1">
        <span className="flex shrink-0 items-center gap-2 font-semibold">
          <LogoMark />
          <span>Staff</span>
          {here ? <span className="font-normal text-slate-300 lg:hidden">· {here}</span> : null}
        </span>
        <nav aria-label="Staff" className="hidden flex-1 flex-wrap items-center gap-0.5 lg:flex">
          {items.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.end} className={tabClass}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="hidden items-center gap-1 lg:flex">{account}</div>
        {/* A new key per page: the menu closes after a link in it is followed. */}
        <details key={pathname} className="group relative ml-auto lg:hidden">
          <summary className="inline-flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-lg px-3 font-semibold hover:bg-navy-800 [&::-webkit-details-marker]:hidden">
            <Menu aria-hidden="true" className="size-5" />
            Menu
          </summary>
          <div className="absolute right-0 z-30 mt-1 w-64 rounded-xl bg-navy-950 p-2 shadow-xl ring-1 ring-navy-800">
            <nav aria-label="Staff" className="flex flex-col gap-0.5">
              {items.map((item) => (
                <NavLink key={item.to} to={item.to} end={item.end} className={tabClass}>
                  {item.label}
                </NavLink>
              ))}
            </nav>
            <div className="mt-2 flex flex-col items-start gap-1 border-t border-navy-800 pt-2">{account}</div>
          </div>
        </details>
      </div>
    </header>
  );
}
