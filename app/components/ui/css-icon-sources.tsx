import {
  ArrowLeft,
  ArrowRight,
  BadgeCheck,
  ChevronDown,
  ChevronLeft,
  ChevronRight,
  CircleCheck,
  ExternalLink,
  Lightbulb,
  type LucideIcon,
  MapPin,
  Menu,
  Search,
  TriangleAlert,
  X,
} from "lucide-react";
import { renderToStaticMarkup } from "react-dom/server";

/**
 * The icons public pages draw with CSS (app/icons.css, `CssIcon`): the ones a page repeats or
 * every page shows. Their drawings are lucide's own; `npm run icons:css` writes the style sheet
 * from this list, and a test fails when the two disagree.
 */
export const cssIconSources = {
  "arrow-left": ArrowLeft,
  "arrow-right": ArrowRight,
  "badge-check": BadgeCheck,
  "chevron-down": ChevronDown,
  "chevron-left": ChevronLeft,
  "chevron-right": ChevronRight,
  "circle-check": CircleCheck,
  "external-link": ExternalLink,
  lightbulb: Lightbulb,
  "map-pin": MapPin,
  menu: Menu,
  search: Search,
  "triangle-alert": TriangleAlert,
  x: X,
} satisfies Record<string, LucideIcon>;

/** app/icons.css: one rule an icon, its drawing as a mask (painted in the text's colour). */
export function iconsCss(): string {
  const rules = Object.entries(cssIconSources).map(([name, Icon]) => {
    // The SVG as lucide renders it, minus what a mask ignores (class, size, colour).
    const svg = renderToStaticMarkup(<Icon stroke="black" />)
      .replace(/ class="[^"]*"/, "")
      .replace(/ (width|height)="24"/g, "")
      .replace(/ aria-hidden="true"/, "")
      .replace(/"/g, "'");
    return `.icon-${name} {\n  --icon: url("data:image/svg+xml,${encodeURIComponent(svg).replace(/%20/g, " ").replace(/%3D/g, "=").replace(/%3A/g, ":").replace(/%2F/g, "/").replace(/%2C/g, ",").replace(/%27/g, "'")}");\n}`;
  });
  return `/* Written by \`npm run icons:css\` from app/components/ui/css-icon-sources.tsx: do not edit. */\n${rules.join("\n")}\n`;
}
