import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "~/lib/cn";
import { CssIcon } from "./ui/css-icon";

export function ArrowLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className={cn(
        className,
        "inline-flex min-h-11 items-center gap-1 font-semibold text-navy-800 underline underline-offset-4 hover:text-sun-700",
      )}
    >
      {children}
      <CssIcon name="arrow-right" className="size-4" />
    </Link>
  );
}
