import { useMatches, useRouteLoaderData } from "react-router";
import { industries } from "~/content/industries";
import { disclosures, footerNav, site } from "~/content/site";
import { wantsHydration } from "~/lib/route-handle";
import type { RootData } from "~/lib/seo";
import { ShellLink, StaticMarkup, type StaticRenderer } from "~/lib/shell-markup";
import { type Industry, retiredKey, shownIndustries } from "~/lib/shown-industries";
import { LogoMark } from "./logo";
import { Container } from "./ui/container";

const linkClass = "text-slate-300 underline-offset-4 hover:text-white hover:underline";

const footerClass = "bg-navy-950 text-slate-300";

/**
 * The footer's inner HTML by retired industries (nothing in it depends on the page). See
 * app/lib/shell-markup.tsx.
 */
const markup = new StaticMarkup();

/** Renders the footer once, for `SiteFooter` to reuse on every public page. */
export function prerenderSiteFooter(render: StaticRenderer): void {
  markup.prerender(render, [["", <FooterContent key="" client={false} />]]);
}

/** On public pages, the HTML rendered once for this retired set; React renders it otherwise. */
export function SiteFooter() {
  const client = wantsHydration(useMatches());
  // Retired industries (staff's choice) are left out; each retired set has its own variant.
  const retired = useRouteLoaderData<RootData>("root")?.retiredIndustries ?? [];
  const html = client
    ? undefined
    : markup.get(retiredKey(retired), () => <FooterContent client={false} shown={shownIndustries(retired)} />);
  return html === undefined ? (
    <footer className={footerClass}>
      <FooterContent client={client} shown={shownIndustries(retired)} />
    </footer>
  ) : (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: our own footer, rendered by React from built-in constants
    <footer className={footerClass} dangerouslySetInnerHTML={{ __html: html }} />
  );
}

function FooterContent({ client, shown = industries }: { client: boolean; shown?: readonly Industry[] }) {
  // Two columns (9 + 9 with all 18 industries).
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
                    <ShellLink to={industry.path} client={client} className={linkClass}>
                      {industry.label}
                    </ShellLink>
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
                  <ShellLink to={item.to} client={client} className={linkClass}>
                    {item.label}
                  </ShellLink>
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
                <a href={`mailto:${site.contact.email}`} className={linkClass}>
                  {site.contact.email}
                </a>
              </p>
              <p>
                <a href={site.contact.phoneHref} className={linkClass}>
                  {site.contact.phone}
                </a>
              </p>
              <p>{site.contact.address}</p>
            </address>
          </section>
        </div>
      </Container>
      <Container className="space-y-3 border-t border-white/15 py-8 text-sm">
        <p>{disclosures.marketplace}</p>
        <p>{disclosures.advertising}</p>
        <p>
          © {site.copyrightYear} {site.name}. All rights reserved.
        </p>
      </Container>
    </>
  );
}
