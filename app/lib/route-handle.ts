/** `hydrate: true` makes the page a React app: only the staff area sets it (decision 0007). */
export type RouteHandle = { hydrate?: boolean };

export function wantsHydration(matches: readonly { handle?: unknown }[]): boolean {
  return matches.some((match) => (match.handle as RouteHandle | undefined)?.hydrate === true);
}
