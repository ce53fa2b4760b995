import { banner } from "~/content/site";

/**
 * The promotional banner's dismiss button: remembered in localStorage (under the key the
 * <head> pre-paint check of app/components/promo-banner.tsx reads on the next page), hidden at
 * once through `html[data-banner-dismissed]` (app.css).
 */
export function installBanner(doc: Document): void {
  doc.addEventListener("click", (event) => {
    const target = event.target as Element | null;
    if (!target?.closest?.("[data-banner-dismiss]")) return;
    try {
      // The banner as shown (see app/lib/banner-version.ts): a changed banner shows again.
      localStorage.setItem(banner.storageKey, doc.documentElement.getAttribute("data-banner-version") ?? "");
    } catch {
      // Storage blocked: the banner still hides for this page.
    }
    doc.documentElement.setAttribute("data-banner-dismissed", "");
  });
}
