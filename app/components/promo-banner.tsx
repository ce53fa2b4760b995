import { X } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { banner } from "~/content/site";

function readDismissed(): boolean {
  try {
    return window.localStorage.getItem(banner.storageKey) === "true";
  } catch {
    return false;
  }
}

/**
 * Inline script for <head>: hides the banner before first paint when it was dismissed earlier,
 * so a returning visitor never sees it flash while the page hydrates.
 */
export const bannerPrePaintScript = `try{if(localStorage.getItem(${JSON.stringify(banner.storageKey)})==="true")document.documentElement.setAttribute("data-banner-dismissed","")}catch(e){}`;

export function PromoBanner() {
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    if (readDismissed()) setDismissed(true);
  }, []);

  if (dismissed) return null;

  const dismiss = () => {
    try {
      window.localStorage.setItem(banner.storageKey, "true");
    } catch {
      // Storage can be blocked; the banner still hides for this visit.
    }
    document.documentElement.setAttribute("data-banner-dismissed", "");
    setDismissed(true);
  };

  return (
    <section id="promo-banner" aria-label="Announcement" className="bg-sun-400 text-navy-950">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-center gap-x-4 gap-y-2 px-12 py-2 text-center text-sm font-medium sm:text-base relative">
        <p>{banner.text}</p>
        <Link
          to={banner.to}
          className="inline-flex min-h-11 items-center rounded-lg bg-navy-900 px-4 font-semibold text-white hover:bg-navy-800"
        >
          {banner.cta}
        </Link>
        <button
          type="button"
          onClick={dismiss}
          aria-label="Dismiss announcement"
          className="absolute right-2 top-1/2 inline-flex min-h-11 min-w-11 -translate-y-1/2 items-center justify-center rounded-md hover:bg-sun-300"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
    </section>
  );
}
