import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

/** Colour pairs all meet WCAG AA for small text; every badge also carries words. */
export type BadgeTone = "green" | "blue" | "purple" | "red" | "grey" | "yellow" | "indigo" | "destructive" | "neutral";

export function Badge({ tone = "neutral", className, ...props }: ComponentProps<"span"> & { tone?: BadgeTone }) {
  // Component classes (app/app.css): a results page carries dozens of badges.
  return <span className={cn("badge", `badge-${tone}`, className)} {...props} />;
}
