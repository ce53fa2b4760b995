/**
 * Pages hydrate only when they need React in the browser (forms with pending states, toasts,
 * upload progress). A route opts in with `export const handle = hydrateHandle;`. Every other page
 * ships no framework JavaScript; see docs/decisions/0004-no-hydration-on-static-pages.md.
 */
export type RouteHandle = { hydrate?: boolean };

export const hydrateHandle: RouteHandle = { hydrate: true };

export function wantsHydration(matches: readonly { handle?: unknown }[]): boolean {
  return matches.some((match) => (match.handle as RouteHandle | undefined)?.hydrate === true);
}
