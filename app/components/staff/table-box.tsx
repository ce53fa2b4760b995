import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

/**
 * `relative` keeps screen-reader text inside. With a label it is a keyboard-reachable region, so a
 * table without controls still scrolls by keyboard (axe: scrollable-region-focusable).
 */
export function TableBox({ label, className, children }: { label?: string; className?: string; children: ReactNode }) {
  return (
    <div
      className={cn("relative overflow-x-auto rounded-xl border border-slate-200 bg-white", className)}
      {...(label ? { tabIndex: 0, role: "region", "aria-label": label } : {})}
    >
      {children}
    </div>
  );
}
