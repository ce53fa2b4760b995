import type { ReactNode } from "react";
import { cn } from "~/lib/cn";
import { Container } from "./ui/container";

type HeroImage = { src: string; alt: string; width: number; height: number };

/** The picture loads first: it is the largest paint. */
export function SplitHero({
  headingId,
  image,
  className,
  children,
}: {
  headingId: string;
  image: HeroImage;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} className="bg-gradient-to-b from-navy-950 to-navy-800 text-white">
      <Container className={cn("grid items-center gap-10", className, "md:grid-cols-2")}>
        <div>{children}</div>
        <img
          src={image.src}
          alt={image.alt}
          width={image.width}
          height={image.height}
          fetchPriority="high"
          className="h-auto w-full rounded-2xl"
        />
      </Container>
    </section>
  );
}
