import { industries } from "~/content/industries";
import { BandSection } from "./band-section";
import { IndustryCard } from "./industry-card";

/** Other pages link to it as /#industries. */
export function IndustriesSection() {
  return (
    <BandSection
      id="industries"
      headingId="industries-heading"
      title="Solar for Your Industry"
      intro="Each industry uses power differently and qualifies for different programs. Choose yours."
      className="py-16"
    >
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="industry-grid">
        {industries.map((industry) => (
          <li key={industry.slug}>
            <IndustryCard industry={industry} />
          </li>
        ))}
      </ul>
    </BandSection>
  );
}
