import { Compass, Handshake, Landmark, Scale } from "lucide-react";
import { CtaButtons } from "~/components/cta-buttons";
import { Card } from "~/components/ui/card";
import { Container } from "~/components/ui/container";
import { missionPillars } from "~/content/about";
import { publicPageHeaders } from "~/lib/cache-headers";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/mission";

export const headers = publicPageHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Our Mission",
    description:
      "Independent solar guidance for high energy-use and underserved businesses: niche expertise, incentive mastery, ethics and long-term partnership.",
  });
}

const icons = [Compass, Landmark, Scale, Handshake];

export default function Mission() {
  return (
    <>
      <section className="bg-navy-900 py-16 text-white">
        <Container width="reading" className="text-center">
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Our Mission</h1>
          <p className="mt-6 text-lg text-slate-200">
            To help the businesses that pay the most for electricity, and hear the most sales pitches, make a clear,
            well-informed decision about solar, with every incentive they are owed.
          </p>
        </Container>
      </section>
      <section aria-labelledby="pillars-heading" className="py-16">
        <Container>
          <h2 id="pillars-heading" className="sr-only">
            What we stand for
          </h2>
          <ul className="grid gap-6 md:grid-cols-2">
            {missionPillars.map((pillar, index) => {
              const Icon = icons[index] ?? Compass;
              return (
                <li key={pillar.title}>
                  <Card className="h-full">
                    <Icon aria-hidden="true" className="size-8 text-sun-700" />
                    <h3 className="mt-3 text-xl font-semibold text-navy-900">{pillar.title}</h3>
                    <p className="mt-2 text-slate-700">{pillar.text}</p>
                  </Card>
                </li>
              );
            })}
          </ul>
          <CtaButtons
            primary={{ to: "/#lead-form", label: "Talk to an Advisor" }}
            secondary={{ to: "/#industries", label: "Find Your Industry" }}
            centered
            className="mt-12"
          />
        </Container>
      </section>
    </>
  );
}
