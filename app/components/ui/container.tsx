import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

export function Container({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("mx-auto w-full max-w-6xl px-4 sm:px-6", className)} {...props} />;
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
