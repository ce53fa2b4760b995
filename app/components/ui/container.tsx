import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

const widths = { page: "column", wide: "column column-wide", reading: "column column-reading" } as const;

/** `width`, not a max-w class: two max-w classes would fight. */
export function Container({
  className,
  width = "page",
  ...props
}: ComponentProps<"div"> & { width?: keyof typeof widths }) {
  return <div className={cn(widths[width], className)} {...props} />;
}

export function SectionHeading({
  title,
  intro,
  id,
  className,
}: {
  title: string;
  intro?: string;
  id?: string;
  className?: string;
}) {
  return (
    <div className={cn("mx-auto mb-10 max-w-3xl text-center", className)}>
      <h2 id={id} className="text-3xl font-bold tracking-tight text-navy-900 sm:text-4xl">
        {title}
      </h2>
      {intro ? <p className="mt-4 text-lg text-slate-600">{intro}</p> : null}
    </div>
  );
}
