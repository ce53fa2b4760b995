import { INDUSTRY_ICONS } from "~/content/industry-pages/types";
import { CssIcon, type CssIconName } from "./ui/css-icon";

const known = new Set<string>(INDUSTRY_ICONS satisfies readonly CssIconName[]);

/** Unknown names fall back to a check. */
export function IndustryIcon({ name, className }: { name?: string; className?: string }) {
  const icon = name && known.has(name) ? (name as CssIconName) : "circle-check";
  return <CssIcon name={icon} className={className} />;
}
