import { useMatches } from "react-router";
import { BUYERS_GUIDE_PATH } from "~/content/buyers-guide";
import { wantsHydration } from "~/lib/route-handle";
import { ShellLink } from "~/lib/shell-markup";
import { CssIcon } from "./ui/css-icon";

/**
 * Static markup: the dismiss button is handled by app/client/enhance/banner.ts. Text from
 * `site_banner` (database text, so rendered with each page, never pre-rendered: an edit or a staff
 * preview shows on the next render).
 */
export function PromoBanner({ banner: text }: { banner: { content: string; ctaLabel: string; ctaLink: string } }) {
  const client = wantsHydration(useMatches());
  return (
    <section id="promo-banner" aria-label="Announcement" className="bg-sun-400 text-navy-950">
      {/* On phones one compact paragraph (issue 24: the banner took 18% of a 375 px screen); a button row from sm. */}
      <div className="relative mx-auto flex max-w-6xl flex-wrap items-center justify-center gap-x-4 gap-y-2 py-1.5 pr-12 pl-4 text-sm leading-snug font-medium sm:px-12 sm:py-2 sm:text-center sm:text-base sm:leading-relaxed">
        <p>
          <span>{text.content}</span>{" "}
          <ShellLink
            to={BUYERS_GUIDE_PATH}
            client={client}
            className="underline underline-offset-2 hover:text-navy-800"
          >
            What “in service” means
          </ShellLink>
          <span className="sm:hidden">
            {" · "}
            <ShellLink to={text.ctaLink} client={client} className="font-bold underline underline-offset-2">
              {text.ctaLabel}
            </ShellLink>
          </span>
        </p>
        <ShellLink
          to={text.ctaLink}
          client={client}
          className="inline-flex min-h-11 items-center rounded-lg bg-navy-900 px-4 font-semibold text-white hover:bg-navy-800 max-sm:hidden"
        >
          {text.ctaLabel}
        </ShellLink>
        <button
          type="button"
          data-banner-dismiss
          aria-label="Dismiss announcement"
          className="absolute right-2 top-1/2 inline-flex min-h-11 min-w-11 -translate-y-1/2 items-center justify-center rounded-md hover:bg-sun-300"
        >
          <CssIcon name="x" className="size-5" />
        </button>
      </div>
    </section>
  );
}
