import { BUYERS_GUIDE_PATH } from "~/content/buyers-guide";
import { ShellLink } from "~/lib/shell-markup";
import { CssIcon } from "./ui/css-icon";

/**
 * Static markup: app/client/enhance/banner.ts handles the dismiss button. Database text, so
 * rendered with each page, never pre-rendered.
 */
export function PromoBanner({ banner: text }: { banner: { content: string; ctaLabel: string; ctaLink: string } }) {
  return (
    <section id="promo-banner" aria-label="Announcement" className="promo-banner">
      {/* One compact paragraph on phones (the row took 18% of a 375 px screen). */}
      <div>
        <p>
          <span>{text.content}</span>{" "}
          <ShellLink to={BUYERS_GUIDE_PATH} className="link">
            What “in service” means
          </ShellLink>
          <span className="phone-cta">
            {" · "}
            <ShellLink to={text.ctaLink} className="link strong">
              {text.ctaLabel}
            </ShellLink>
          </span>
        </p>
        <ShellLink to={text.ctaLink} className="cta">
          {text.ctaLabel}
        </ShellLink>
        <button type="button" data-banner-dismiss aria-label="Dismiss announcement" className="dismiss">
          <CssIcon name="x" className="size-5" />
        </button>
      </div>
    </section>
  );
}
