import type { ComponentProps, ReactNode } from "react";
import { Link } from "react-router";

/**
 * The site shell's static parts (header, footer) rendered to HTML once per process instead of by
 * React on every uncached page (issue 12: they were about 1.5 ms of each render).
 *
 * What they show comes only from built-in constants (`app/content/site.ts`,
 * `app/content/industries.ts`, compiled into the build) and, for the header, which navigation
 * entry is active on the requested path. Nothing in them is read from the database, so a content
 * change has nothing here to invalidate; the banner, which is database text, is not pre-rendered.
 * The server entry (`app/entry.server.tsx`) renders every variant when the app's server bundle
 * loads, with react-dom/server, which must never reach the browser bundle; anything not rendered
 * (tests, the browser, a variant nobody pre-rendered) is rendered by React as before.
 */
export type StaticRenderer = (node: ReactNode) => string;

/**
 * Whether React Router's `<NavLink to={to}>` is active at `pathname`, by its own rule with the
 * defaults used here (not `end`, not case-sensitive): the path itself or a path below it.
 */
export function isActivePath(pathname: string, to: string): boolean {
  const path = pathname.toLowerCase();
  const target = to.toLowerCase();
  if (path === target) return true;
  const boundary = target !== "/" && target.endsWith("/") ? target.length - 1 : target.length;
  return path.startsWith(target) && path.charAt(boundary) === "/";
}

/** The navigation targets active at `pathname`, as one key ("" when none is). */
export function activeKey(pathname: string, targets: readonly string[]): string {
  return targets.filter((to) => isActivePath(pathname, to)).join(" ");
}

/** HTML of one shell part by variant key, filled once by `prerender`; absent until then. */
export class StaticMarkup {
  private readonly variants = new Map<string, string>();

  /** Renders each variant (its key and the element that shows it) and keeps its HTML. */
  prerender(render: StaticRenderer, variants: Iterable<readonly [key: string, node: ReactNode]>): void {
    for (const [key, node] of variants) this.variants.set(key, render(node));
  }

  get(key: string): string | undefined {
    return this.variants.get(key);
  }

  get size(): number {
    return this.variants.size;
  }
}

/**
 * A link of the shell. Public pages are not hydrated: a plain `<a>` does all a `<Link>` would (it
 * cost about 1 ms a page in the header and footer), and needs no router, so the part can be
 * rendered once outside any request. On a hydrated page (`client`) it is React Router's `<Link>`,
 * keeping client-side navigation.
 */
export function ShellLink({
  to,
  client,
  ...props
}: { to: string; client: boolean } & Omit<ComponentProps<"a">, "href">) {
  return client ? <Link to={to} {...props} /> : <a {...props} href={to} />;
}
