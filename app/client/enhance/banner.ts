import { banner } from "~/content/site";

/** Hidden at once via `html[data-banner-dismissed]`; remembered for the pre-paint check. */
export function installBanner(doc: Document): void {
  doc.addEventListener("click", (event) => {
    const target = event.target as Element | null;
    if (!target?.closest?.("[data-banner-dismiss]")) return;
    try {
      // Keyed by the banner shown: a changed banner shows again.
      localStorage.setItem(banner.storageKey, doc.documentElement.getAttribute("data-banner-version") ?? "");
    } catch {
      // Storage blocked: the banner still hides for this page.
    }
    doc.documentElement.setAttribute("data-banner-dismissed", "");
  });
}
