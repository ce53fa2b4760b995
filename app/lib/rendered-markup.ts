// Server-rendered HTML kept beside loader data, not in it: turbo-stream encodes all loader data,
// even for pages never hydrated. Elsewhere nothing is found and the component renders as usual.
const markup = new WeakMap<object, string>();

export function attachMarkup<T extends object>(item: T, html: string): T {
  markup.set(item, html);
  return item;
}

export function attachedMarkup(item: object): string | undefined {
  return markup.get(item);
}
