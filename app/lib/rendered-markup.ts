/**
 * HTML rendered on the server for an object of a loader's data, kept beside the data rather than
 * in it. React Router encodes every loader's data for hydration (turbo-stream), even on
 * public pages that are never hydrated: 24 cards' HTML in the data cost more to encode than
 * rendering the cards had. On the server the component receives the very objects its loader
 * returned, so it finds their HTML here; anywhere else (a hydrated page, a test) nothing is found
 * and the component renders as usual.
 */
const markup = new WeakMap<object, string>();

export function attachMarkup<T extends object>(item: T, html: string): T {
  markup.set(item, html);
  return item;
}

export function attachedMarkup(item: object): string | undefined {
  return markup.get(item);
}
