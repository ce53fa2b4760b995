import { banner } from "~/content/site";

// The sources of the public pages' inline scripts (app/client/inline-scripts.ts lists them for the CSP).

/**
 * Inline script for <head>, run before first paint: marks that JavaScript runs (`data-js`: the
 * no-JavaScript fallbacks in app.css switch off without a flash) and hides the banner when this
 * very banner was dismissed earlier (the stored value is the `data-banner-version` of <html>,
 * app/lib/banner-version.ts), so a returning visitor never sees it appear and vanish, and does
 * see a new announcement. A constant: its hash is what the script policy allows (decision 0008).
 */
export const bannerPrePaintScript = `var r=document.documentElement;r.setAttribute("data-js","");try{var v=r.getAttribute("data-banner-version");if(v&&localStorage.getItem(${JSON.stringify(banner.storageKey)})===v)r.setAttribute("data-banner-dismissed","")}catch(e){}`;

/**
 * GA4, loaded only for visitors who have not asked not to be tracked (Do Not Track or Global
 * Privacy Control): for them neither the script nor its cookies are ever loaded.
 */
export function gaBootstrapScript(id: string): string {
  const src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
  return `(function(){var n=navigator;if(n.doNotTrack==="1"||n.globalPrivacyControl===true)return;window.dataLayer=window.dataLayer||[];window.gtag=function(){dataLayer.push(arguments)};gtag("js",new Date());gtag("config",${JSON.stringify(id)},{send_page_view:false});var s=document.createElement("script");s.async=true;s.src=${JSON.stringify(src)};document.head.appendChild(s)})();`;
}
