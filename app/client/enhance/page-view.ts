import { keptLocation, keptReferrer } from "~/lib/kept-location";

/**
 * One first-party page view per document load (`POST /api/page-view`, no cookies), skipped for
 * visitors who ask not to be tracked (Do Not Track, Global Privacy Control). When GA4 is on
 * (app/lib/inline-script-sources.ts configures it with send_page_view off) the view goes there too.
 */
export const PAGE_VIEW_ENDPOINT = "/api/page-view";

type Gtag = (...args: unknown[]) => void;

function trackingRefused(nav: Navigator): boolean {
  return (
    nav.doNotTrack === "1" || (nav as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true
  );
}

/** Sends this page's view; false when the visitor refuses tracking. */
export function sendPageView(): boolean {
  if (trackingRefused(navigator)) return false;
  const body = JSON.stringify({
    path: location.pathname,
    title: document.title,
    location: location.href,
    referrer: document.referrer || null,
  });
  try {
    if (!navigator.sendBeacon(PAGE_VIEW_ENDPOINT, new Blob([body], { type: "application/json" }))) throw new Error();
  } catch {
    fetch(PAGE_VIEW_ENDPOINT, {
      method: "POST",
      body,
      headers: { "Content-Type": "application/json" },
      keepalive: true,
    }).catch(() => {});
  }
  const gtag = (window as Window & { gtag?: Gtag }).gtag;
  if (typeof gtag === "function") {
    // What the first-party store keeps (no calculator inputs, no unsubscribe address), set for every
    // event of this page, GA4's own (engagement, scroll, forms) included: they would otherwise carry
    // location.href and document.referrer.
    const kept = `${location.origin}${keptLocation(new URL(location.href))}`;
    gtag("set", { page_location: kept, page_referrer: keptReferrer(document.referrer, location.origin) });
    gtag("event", "page_view", { page_path: location.pathname, page_title: document.title, page_location: kept });
  }
  return true;
}
