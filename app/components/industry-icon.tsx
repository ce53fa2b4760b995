import type { IndustryIcon as IconName } from "~/content/industry-pages/types";
import { CssIcon, type CssIconName } from "./ui/css-icon";

/** Names staff may type in a row, each one of the icons drawn by CSS (app/icons.css). */
const icons: Record<IconName, CssIconName> = {
  sun: "sun",
  zap: "zap",
  battery: "battery",
  "piggy-bank": "piggy-bank",
  shield: "shield",
  leaf: "leaf",
  thermometer: "thermometer",
  droplets: "droplets",
  snowflake: "snowflake",
  wrench: "wrench",
  truck: "truck",
  building: "building",
  clock: "clock",
  "trending-down": "trending-down",
  landmark: "landmark",
  tractor: "tractor",
  car: "car",
  wine: "wine",
  "heart-pulse": "heart-pulse",
  film: "film",
  store: "store",
  warehouse: "warehouse",
  tent: "tent",
  stethoscope: "stethoscope",
  "paw-print": "paw-print",
  factory: "factory",
  fan: "fan",
  lightbulb: "lightbulb",
  calendar: "calendar",
  users: "users",
};

/** An industry page's list icon by name (unknown → a check). */
export function IndustryIcon({ name, className }: { name?: string; className?: string }) {
  const icon = (name && icons[name as IconName]) || "circle-check";
  return <CssIcon name={icon} className={className} />;
}
