// First-touch UTM and referrer, kept for the session and filled into forms (decision 0005).
export const ATTRIBUTION_STORAGE_KEY = "sa-attribution";
const MAX_PARAMETERS = 10;
const MAX_VALUE_LENGTH = 200;
const MAX_REFERRER_LENGTH = 1000;

export type FirstTouch = Record<string, string>;

export function readFirstTouch(): FirstTouch {
  try {
    const stored = sessionStorage.getItem(ATTRIBUTION_STORAGE_KEY);
    if (stored) return JSON.parse(stored) ?? {};
    const firstTouch: FirstTouch = {};
    for (const [name, value] of new URLSearchParams(location.search)) {
      if (!name.startsWith("utm_") || !value || name in firstTouch) continue;
      if (Object.keys(firstTouch).length >= MAX_PARAMETERS) break;
      firstTouch[name] = value.slice(0, MAX_VALUE_LENGTH);
    }
    if (document.referrer && new URL(document.referrer).origin !== location.origin) {
      firstTouch.referrer = document.referrer.slice(0, MAX_REFERRER_LENGTH);
    }
    sessionStorage.setItem(ATTRIBUTION_STORAGE_KEY, JSON.stringify(firstTouch));
    return firstTouch;
  } catch {
    // Storage blocked or unreadable: attribution is best effort.
    return {};
  }
}

export function fillAttribution(form: HTMLFormElement, firstTouch: FirstTouch): void {
  for (const input of Array.from(form.querySelectorAll<HTMLInputElement>("input[data-attribution]"))) {
    const value = firstTouch[input.dataset.attribution ?? ""];
    if (!input.value && value) input.value = value;
  }
}
