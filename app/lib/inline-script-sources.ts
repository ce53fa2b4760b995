import { banner } from "~/content/site";

/** Before first paint: sets `data-js` and hides a dismissed banner. Constant: the CSP allows its hash. */
export const bannerPrePaintScript = `var r=document.documentElement;r.setAttribute("data-js","");try{var v=r.getAttribute("data-banner-version");if(v&&localStorage.getItem(${JSON.stringify(banner.storageKey)})===v)r.setAttribute("data-banner-dismissed","")}catch(e){}`;

/** Never loaded, nor its cookies, under Do Not Track or Global Privacy Control. */
export function gaBootstrapScript(id: string): string {
  const src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
  return `(function(){var n=navigator;if(n.doNotTrack==="1"||n.globalPrivacyControl===true)return;window.dataLayer=window.dataLayer||[];window.gtag=function(){dataLayer.push(arguments)};gtag("js",new Date());gtag("config",${JSON.stringify(id)},{send_page_view:false});var s=document.createElement("script");s.async=true;s.src=${JSON.stringify(src)};document.head.appendChild(s)})();`;
}
