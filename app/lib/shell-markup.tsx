import { LRUCache } from "lru-cache";
import type { ComponentProps, ReactNode } from "react";

// Header and footer rendered to HTML once per variant, not per page. The renderer (react-dom/server)
// must never reach the browser bundle; without one (tests, the browser) React renders the part.
export type StaticRenderer = (node: ReactNode) => string;

/** React Router's NavLink rule (not `end`, not case-sensitive): the path itself or below it. */
export function isActivePath(pathname: string, to: string): boolean {
  const path = pathname.toLowerCase();
  const target = to.toLowerCase();
  if (path === target) return true;
  const boundary = target !== "/" && target.endsWith("/") ? target.length - 1 : target.length;
  return path.startsWith(target) && path.charAt(boundary) === "/";
}

export function activeKey(pathname: string, targets: readonly string[]): string {
  return targets.filter((to) => isActivePath(pathname, to)).join(" ");
}

const MAX_VARIANTS = 400;

export class StaticMarkup {
  private readonly variants = new LRUCache<string, string>({ max: MAX_VARIANTS });
  private render: StaticRenderer | undefined;

  prerender(render: StaticRenderer, variants: Iterable<readonly [key: string, node: ReactNode]>): void {
    this.render = render;
    for (const [key, node] of variants) this.variants.set(key, render(node));
  }

  /** React's server renderer may run inside a render. Undefined before `prerender`. */
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

/** A plain `<a>`: pages are not hydrated, and it needs no router to render outside a request. */
export function ShellLink({ to, ...props }: { to: string } & Omit<ComponentProps<"a">, "href">) {
  return <a {...props} href={to} />;
}
