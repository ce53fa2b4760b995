import { cn } from "~/lib/cn";
import type { cssIconSources } from "./css-icon-sources";

export type CssIconName = keyof typeof cssIconSources;

/**
 * A decorative icon drawn by the style sheet (app/icons.css): a few bytes of markup instead of an
 * inline SVG each time (the states page drew its map pin 50 times). Size it as a lucide icon
 * (`size-4`); it takes the text's colour.
 */
export function CssIcon({ name, className }: { name: CssIconName; className?: string }) {
  return <span aria-hidden="true" className={cn("icon", `icon-${name}`, className)} />;
}
