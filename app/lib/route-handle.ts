/**
 * What a route module may declare in its `handle` export. `hydrate: true` makes the document a
 * React app in the browser (the root renders <Scripts/> and the staff layout instead of the public
 * shell and its inline script): only the staff area sets it (docs/decisions/0007).
 */
export type RouteHandle = { hydrate?: boolean };

export function wantsHydration(matches: readonly { handle?: unknown }[]): boolean {
  return matches.some((match) => (match.handle as RouteHandle | undefined)?.hydrate === true);
}
