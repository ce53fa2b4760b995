import { INDUSTRY_ICONS } from "~/content/industry-pages/types";
import { CssIcon, type CssIconName } from "./ui/css-icon";

// Every name staff may type is one of the icons drawn by CSS (the type checks it).
const known = new Set<string>(INDUSTRY_ICONS satisfies readonly CssIconName[]);

/** An industry page's list icon by name (unknown → a check). */
export function IndustryIcon({ name, className }: { name?: string; className?: string }) {
  const icon = name && known.has(name) ? (name as CssIconName) : "circle-check";
  return <CssIcon name={icon} className={className} />;
}
