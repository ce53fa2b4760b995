import type { ReactNode } from "react";
import { Container, SectionHeading } from "./ui/container";

export function BandSection({
  id,
  headingId,
  title,
  intro,
  className,
  children,
}: {
  id?: string;
  headingId: string;
  title: string;
  intro?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={headingId} className={className}>
      <Container>
        <SectionHeading id={headingId} title={title} intro={intro} />
        {children}
      </Container>
    </section>
  );
}
