import { cn } from "~/lib/cn";
import type { cssIconSources } from "./css-icon-sources";

export type CssIconName = keyof typeof cssIconSources;

/**
 * Drawn by app/icons.css: a few bytes instead of an inline SVG each time. Sized like a lucide icon
 * (`size-4`), in the text's colour.
 */
export function CssIcon({ name, className }: { name: CssIconName; className?: string }) {
  return <span aria-hidden="true" className={cn("icon", `icon-${name}`, className)} />;
}
