import { builtInBusinessDetails } from "~/content/business";
import { industries } from "~/content/industries";
import { disclosures, footerNav, site } from "~/content/site";
import type { BusinessDetails } from "~/lib/business-details";
import { ShellLink, StaticMarkup, type StaticRenderer } from "~/lib/shell-markup";
import { type Industry, retiredKey, shownIndustries } from "~/lib/shown-industries";
import { telHref } from "~/lib/tel-href";
import { LogoMark } from "./logo";
import { Container } from "./ui/container";
import { useShellData } from "./use-shell-data";

// Links styled by app/app.css (.site-footer a): 32 links on every page.
const footerClass = "site-footer bg-navy-950 text-slate-300";

/** Inner HTML by retired industries and business details; see app/lib/shell-markup.tsx. */
const markup = new StaticMarkup();

export function prerenderSiteFooter(render: StaticRenderer): void {
  markup.prerender(render, [
    [detailsKey("", builtInBusinessDetails), <FooterContent key="" business={builtInBusinessDetails} />],
  ]);
}

export function SiteFooter() {
  const root = useShellData();
  const retired = root?.retiredIndustries ?? [];
  const business = root?.business ?? builtInBusinessDetails;
  const html = markup.get(detailsKey(retiredKey(retired), business), () => (
    <FooterContent shown={shownIndustries(retired)} business={business} />
  ));
  return html === undefined ? (
    <footer className={footerClass}>
      <FooterContent shown={shownIndustries(retired)} business={business} />
    </footer>
  ) : (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: our own footer, rendered by React from built-in constants
    <footer className={footerClass} dangerouslySetInnerHTML={{ __html: html }} />
  );
}

/** A variant per retired set and per version of the details. */
function detailsKey(retired: string, business: BusinessDetails): string {
  return `${retired}|${JSON.stringify(business)}`;
}

function FooterContent({ shown = industries, business }: { shown?: readonly Industry[]; business: BusinessDetails }) {
  const half = Math.ceil(shown.length / 2);
  const columns = [
    ["left", shown.slice(0, half)],
    ["right", shown.slice(half)],
  ] as const;
  return (
    <>
      <Container className="grid gap-10 py-12 md:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="flex items-center gap-2 text-lg font-bold text-white">
            <LogoMark />
            {site.name}
          </p>
          <p className="mt-3 text-sm">{site.description}</p>
        </div>
        <nav aria-labelledby="footer-industries" className="lg:col-span-2">
          <h2 id="footer-industries" className="font-semibold text-white">
            Industries
          </h2>
          <div className="mt-3 grid grid-cols-2 gap-x-6" data-testid="footer-industries">
            {columns.map(([side, column]) => (
              <ul key={side} className="space-y-1.5 text-sm">
                {column.map((industry) => (
                  <li key={industry.slug}>
                    <ShellLink to={industry.path}>{industry.label}</ShellLink>
                  </li>
                ))}
              </ul>
            ))}
          </div>
        </nav>
        <div className="space-y-8">
          <nav aria-labelledby="footer-explore">
            <h2 id="footer-explore" className="font-semibold text-white">
              Explore
            </h2>
            <ul className="mt-3 space-y-1.5 text-sm">
              {footerNav.map((item) => (
                <li key={item.to}>
                  <ShellLink to={item.to}>{item.label}</ShellLink>
                </li>
              ))}
            </ul>
          </nav>
          <section aria-labelledby="footer-contact">
            <h2 id="footer-contact" className="font-semibold text-white">
              Contact
            </h2>
            <address className="mt-3 space-y-1.5 text-sm not-italic">
              <p>
                <a href={`mailto:${business.email}`}>{business.email}</a>
              </p>
              <p>
                <a href={telHref(business.phone)}>{business.phone}</a>
              </p>
              <p>{business.address}</p>
            </address>
          </section>
        </div>
      </Container>
      <Container className="space-y-3 border-t border-white/15 py-8 text-sm">
        <p>{business.marketplaceDisclosure}</p>
        <p>{disclosures.advertising}</p>
        <p>
          © {site.copyrightYear} {site.name}. All rights reserved.
        </p>
      </Container>
    </>
  );
}
