import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

declare global {
  interface Window {
    gtag?: (...args: unknown[]) => void;
  }
  interface Navigator {
    globalPrivacyControl?: boolean;
  }
}

function visitorOptedOut(): boolean {
  return navigator.doNotTrack === "1" || navigator.globalPrivacyControl === true;
}

/**
 * On hydrated pages, records a page view on every client-side route change: first-party beacon
 * (no cookies) to /api/page-view, and GA4 when configured. The document's first view is sent by
 * app/client/enhance.ts on every page, hydrated or not, so the first run here is skipped. The
 * server re-checks DNT / Sec-GPC and drops opted-out views.
 */
export function PageViewTracker({ gaMeasurementId }: { gaMeasurementId: string | null }) {
  const location = useLocation();
  const previousHref = useRef<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: one view per path/search change
  useEffect(() => {
    const href = window.location.href;
    const referrer = previousHref.current;
    previousHref.current = href;
    if (referrer === null || visitorOptedOut()) return;

    const body = JSON.stringify({ path: location.pathname, title: document.title, location: href, referrer });
    const queued = navigator.sendBeacon?.("/api/page-view", new Blob([body], { type: "application/json" }));
    if (!queued) {
      fetch("/api/page-view", {
        method: "POST",
        body,
        headers: { "Content-Type": "application/json" },
        keepalive: true,
      }).catch(() => {});
    }
    if (gaMeasurementId && window.gtag) {
      window.gtag("event", "page_view", {
        page_path: location.pathname,
        page_title: document.title,
        page_location: href,
      });
    }
  }, [location.pathname, location.search]);

  return null;
}

/**
 * GA4, loaded only for visitors who have not asked not to be tracked (Do Not Track or Global
 * Privacy Control): for them neither the script nor its cookies are ever loaded.
 */
export function gaBootstrapScript(id: string): string {
  const src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
  return `(function(){var n=navigator;if(n.doNotTrack==="1"||n.globalPrivacyControl===true)return;window.dataLayer=window.dataLayer||[];window.gtag=function(){dataLayer.push(arguments)};gtag("js",new Date());gtag("config",${JSON.stringify(id)},{send_page_view:false});var s=document.createElement("script");s.async=true;s.src=${JSON.stringify(src)};document.head.appendChild(s)})();`;
}
