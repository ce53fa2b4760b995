import { LRUCache } from "lru-cache";
import type { ComponentProps, ReactNode } from "react";

/**
 * The site shell's static parts (header, footer) rendered to HTML once per process instead of by
 * React on every uncached page (they were about 1.5 ms of each render).
 *
 * What they show comes from built-in constants (`app/content/site.ts`, `app/content/industries.ts`,
 * compiled into the build), from which navigation entry is active on the requested path (header),
 * and from the set of industries staff have retired (read from the database by the root loader).
 * Each variant's key holds all of that, so a content change has nothing here to invalidate: a new
 * retired set is a new key. The banner, which is database text, is not pre-rendered.
 * The server entry (`app/entry.server.tsx`) renders the variants with every industry shown when the
 * app's server bundle loads, with react-dom/server, which must never reach the browser bundle; a
 * variant with industries retired is rendered the first time a page asks for it, with the same
 * renderer, and kept. Where nothing gave a renderer (tests, the browser), React renders the part.
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

/**
 * Variants kept beyond the pre-rendered ones: each retired set staff choose gives the header's
 * (up to 20) and the footer's variants again. Sets are few in practice; the bound keeps a
 * long-lived process from holding every set ever chosen.
 */
const MAX_VARIANTS = 400;

/**
 * HTML of one shell part by variant key: the ones `prerender` filled, and any other asked for
 * through `get` with its element once `prerender` has given the renderer.
 */
export class StaticMarkup {
  private readonly variants = new LRUCache<string, string>({ max: MAX_VARIANTS });
  private render: StaticRenderer | undefined;

  /** Renders each variant (its key and the element that shows it) and keeps its HTML. */
  prerender(render: StaticRenderer, variants: Iterable<readonly [key: string, node: ReactNode]>): void {
    this.render = render;
    for (const [key, node] of variants) this.variants.set(key, render(node));
  }

  /**
   * The HTML of `key`; when it is missing and `element` is given, the element is rendered now
   * (React's server renderer may run inside a render) and kept. Undefined before `prerender`.
   */
  get(key: string, element?: () => ReactNode): string | undefined {
    const found = this.variants.get(key);
    if (found !== undefined || !element || !this.render) return found;
    const html = this.render(element());
    this.variants.set(key, html);
    return html;
  }

  get size(): number {
    return this.variants.size;
  }
}

/**
 * A link of the shell. Public pages are not hydrated: a plain `<a>` does all a `<Link>` would (it
 * cost about 1 ms a page in the header and footer), and needs no router, so the part can be
 * rendered once outside any request.
 */
export function ShellLink({ to, ...props }: { to: string } & Omit<ComponentProps<"a">, "href">) {
  return <a {...props} href={to} />;
}
