import { Definition } from "~/components/definition";
import { PageSection } from "~/components/page-section";
import { Container } from "~/components/ui/container";
import { useShellData } from "~/components/use-shell-data";
import { disclaimers, whatWeDo } from "~/content/about";
import { builtInBusinessDetails } from "~/content/business";
import { site } from "~/content/site";
import { publicPageHeaders } from "~/lib/cache-headers";
import { pageMeta } from "~/lib/seo";
import { telHref } from "~/lib/tel-href";
import type { Route } from "./+types/about";

export const headers = publicPageHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "About Us & Disclaimers",
    description: `Who ${site.name} is, what we do for businesses considering solar, and the disclaimers that apply to this site.`,
  });
}

export default function About() {
  const business = useShellData()?.business ?? builtInBusinessDetails;
  return (
    <Container width="reading" className="py-16">
      <h1 className="text-4xl font-bold tracking-tight text-navy-900">About {site.name}</h1>
      <PageSection headingId="about-mission" title="Our mission" className="mt-10">
        <p className="mt-3 text-lg text-slate-700">
          We help owners of high energy-use and underserved businesses understand solar, find every incentive they
          qualify for, and connect with trustworthy installers, without sales pressure.
        </p>
      </PageSection>
      <PageSection headingId="about-what" title="What we do" className="mt-10">
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {whatWeDo.map((item) => (
            <li key={item.title} className="rounded-lg border border-slate-200 p-4">
              <h3 className="font-semibold text-navy-900">{item.title}</h3>
              <p className="mt-1 text-slate-700">{item.text}</p>
            </li>
          ))}
        </ul>
      </PageSection>
      <PageSection headingId="about-disclaimers" title="Disclaimers" className="mt-10">
        <dl className="mt-4 space-y-4">
          {disclaimers.map((item) => (
            <Definition key={item.title} term={item.title} details={item.text} />
          ))}
        </dl>
      </PageSection>
      <PageSection headingId="about-contact" title="Contact" className="mt-10">
        <address className="mt-3 space-y-1 not-italic text-slate-700">
          <p>
            Email:{" "}
            <a href={`mailto:${business.email}`} className="text-navy-800 underline underline-offset-4">
              {business.email}
            </a>
          </p>
          <p>
            Phone:{" "}
            <a href={telHref(business.phone)} className="text-navy-800 underline underline-offset-4">
              {business.phone}
            </a>
          </p>
          <p>Mail: {business.address}</p>
        </address>
      </PageSection>
    </Container>
  );
}
