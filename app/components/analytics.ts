/**
 * GA4, loaded only for visitors who have not asked not to be tracked (Do Not Track or Global
 * Privacy Control): for them neither the script nor its cookies are ever loaded.
 */
export function gaBootstrapScript(id: string): string {
  const src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
  return `(function(){var n=navigator;if(n.doNotTrack==="1"||n.globalPrivacyControl===true)return;window.dataLayer=window.dataLayer||[];window.gtag=function(){dataLayer.push(arguments)};gtag("js",new Date());gtag("config",${JSON.stringify(id)},{send_page_view:false});var s=document.createElement("script");s.async=true;s.src=${JSON.stringify(src)};document.head.appendChild(s)})();`;
}
