import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

/** Colour pairs all meet WCAG AA for small text; every badge also carries words. */
export type BadgeTone = "green" | "blue" | "purple" | "red" | "grey" | "yellow" | "indigo" | "destructive" | "neutral";

const tones: Record<BadgeTone, string> = {
  green: "bg-green-100 text-green-800 ring-green-700/20",
  blue: "bg-blue-100 text-blue-800 ring-blue-700/20",
  purple: "bg-purple-100 text-purple-800 ring-purple-700/20",
  red: "bg-red-100 text-red-800 ring-red-700/20",
  grey: "bg-slate-100 text-slate-700 ring-slate-600/20",
  yellow: "bg-yellow-100 text-yellow-900 ring-yellow-700/20",
  indigo: "bg-indigo-100 text-indigo-800 ring-indigo-700/20",
  destructive: "bg-red-700 text-white ring-red-800",
  neutral: "bg-slate-100 text-slate-800 ring-slate-600/20",
};

export function Badge({ tone = "neutral", className, ...props }: ComponentProps<"span"> & { tone?: BadgeTone }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-medium ring-1 ring-inset",
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
