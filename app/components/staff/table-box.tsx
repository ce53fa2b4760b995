import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

/**
 * A staff table's box: it scrolls sideways on its own on a phone (`relative`, so screen-reader
 * text inside stays inside). Given a label, it is a keyboard-reachable region: a table without a
 * control in it must still scroll by keyboard (axe: scrollable-region-focusable).
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
