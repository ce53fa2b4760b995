import { X } from "lucide-react";
import { useMatches } from "react-router";
import { banner } from "~/content/site";
import { wantsHydration } from "~/lib/route-handle";
import { ShellLink } from "~/lib/shell-markup";

/**
 * Inline script for <head>, run before first paint: marks that JavaScript runs (`data-js`: the
 * no-JavaScript fallbacks in app.css switch off without a flash) and hides the banner when this
 * very banner was dismissed earlier (the stored value is the `data-banner-version` of <html>,
 * app/lib/banner-version.ts), so a returning visitor never sees it appear and vanish, and does
 * see a new announcement. A constant: its hash is what the script policy allows (decision 0008).
 */
export const bannerPrePaintScript = `var r=document.documentElement;r.setAttribute("data-js","");try{var v=r.getAttribute("data-banner-version");if(v&&localStorage.getItem(${JSON.stringify(banner.storageKey)})===v)r.setAttribute("data-banner-dismissed","")}catch(e){}`;

/**
 * Static markup: the dismiss button is handled by app/client/enhance/banner.ts. Text from
 * `site_banner` (database text, so rendered with each page, never pre-rendered: an edit or a staff
 * preview shows on the next render).
 */
export function PromoBanner({ banner: text }: { banner: { content: string; ctaLabel: string; ctaLink: string } }) {
  const client = wantsHydration(useMatches());
  return (
    <section id="promo-banner" aria-label="Announcement" className="bg-sun-400 text-navy-950">
      <div className="relative mx-auto flex max-w-6xl flex-wrap items-center justify-center gap-x-4 gap-y-2 px-12 py-2 text-center text-sm font-medium sm:text-base">
        <p>{text.content}</p>
        <ShellLink
          to={text.ctaLink}
          client={client}
          className="inline-flex min-h-11 items-center rounded-lg bg-navy-900 px-4 font-semibold text-white hover:bg-navy-800"
        >
          {text.ctaLabel}
        </ShellLink>
        <button
          type="button"
          data-banner-dismiss
          aria-label="Dismiss announcement"
          className="absolute right-2 top-1/2 inline-flex min-h-11 min-w-11 -translate-y-1/2 items-center justify-center rounded-md hover:bg-sun-300"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
    </section>
  );
}
