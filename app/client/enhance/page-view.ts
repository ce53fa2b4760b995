import { keptLocation, keptReferrer } from "~/lib/kept-location";

/** First-party, no cookies; skipped under Do Not Track or GPC; also sent to GA4 when on. */
export const PAGE_VIEW_ENDPOINT = "/api/page-view";

type Gtag = (...args: unknown[]) => void;

function trackingRefused(nav: Navigator): boolean {
  return (
    nav.doNotTrack === "1" || (nav as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true
  );
}

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
    // Set for every GA4 event of the page, else they would carry location.href and document.referrer.
    const kept = `${location.origin}${keptLocation(new URL(location.href))}`;
    gtag("set", { page_location: kept, page_referrer: keptReferrer(document.referrer, location.origin) });
    gtag("event", "page_view", { page_path: location.pathname, page_title: document.title, page_location: kept });
  }
  return true;
}
