import {
  ArrowLeft,
  ArrowRight,
  BadgeCheck,
  Battery,
  Building,
  Calendar,
  Car,
  ChevronDown,
  ChevronLeft,
  ChevronRight,
  CircleCheck,
  Clock,
  Droplets,
  ExternalLink,
  Factory,
  Fan,
  Film,
  HeartPulse,
  Landmark,
  Leaf,
  Lightbulb,
  type LucideIcon,
  MapPin,
  Menu,
  PawPrint,
  PiggyBank,
  Search,
  Shield,
  Snowflake,
  Stethoscope,
  Store,
  Sun,
  Tent,
  Thermometer,
  Tractor,
  TrendingDown,
  TriangleAlert,
  Truck,
  Users,
  Warehouse,
  Wine,
  Wrench,
  X,
  Zap,
} from "lucide-react";
import { renderToStaticMarkup } from "react-dom/server";

/**
 * Icons public pages draw with CSS (app/icons.css). `npm run icons:css` writes the style sheet from
 * this list; a test fails when the two disagree.
 */
export const cssIconSources = {
  "arrow-left": ArrowLeft,
  "arrow-right": ArrowRight,
  "badge-check": BadgeCheck,
  battery: Battery,
  building: Building,
  calendar: Calendar,
  car: Car,
  "chevron-down": ChevronDown,
  "chevron-left": ChevronLeft,
  "chevron-right": ChevronRight,
  "circle-check": CircleCheck,
  clock: Clock,
  droplets: Droplets,
  "external-link": ExternalLink,
  factory: Factory,
  fan: Fan,
  film: Film,
  "heart-pulse": HeartPulse,
  landmark: Landmark,
  leaf: Leaf,
  lightbulb: Lightbulb,
  "map-pin": MapPin,
  menu: Menu,
  "paw-print": PawPrint,
  "piggy-bank": PiggyBank,
  search: Search,
  shield: Shield,
  snowflake: Snowflake,
  stethoscope: Stethoscope,
  store: Store,
  sun: Sun,
  tent: Tent,
  thermometer: Thermometer,
  tractor: Tractor,
  "trending-down": TrendingDown,
  "triangle-alert": TriangleAlert,
  truck: Truck,
  users: Users,
  warehouse: Warehouse,
  wine: Wine,
  wrench: Wrench,
  x: X,
  zap: Zap,
} satisfies Record<string, LucideIcon>;

/** Each drawing as a custom property on :root (`--icon-map-pin`), used as a mask by `.icon-map-pin`. */
export function iconsCss(): string {
  const drawings = Object.entries(cssIconSources).map(([name, Icon]) => {
    // Minus what a mask ignores (class, size, colour).
    const svg = renderToStaticMarkup(<Icon stroke="black" />)
      .replace(/ class="[^"]*"/, "")
      .replace(/ (width|height)="24"/g, "")
      .replace(/ aria-hidden="true"/, "")
      .replace(/"/g, "'");
    // In a quoted data URL only these need escaping.
    return `  --icon-${name}: url("data:image/svg+xml,${svg.replace(/[<>#%]/g, encodeURIComponent)}");`;
  });
  const classes = Object.keys(cssIconSources).map((name) => `.icon-${name} {\n  --icon: var(--icon-${name});\n}`);
  return [
    "/* Written by `npm run icons:css` from app/components/ui/css-icon-sources.tsx: do not edit. */",
    `:root {\n${drawings.join("\n")}\n}`,
    ...classes,
    "",
  ].join("\n");
}
