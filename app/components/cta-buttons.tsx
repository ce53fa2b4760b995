import { cn } from "~/lib/cn";
import { LinkButton } from "./ui/button";

type Cta = { to: string; label: string };

export function CtaButtons({
  primary,
  secondary,
  centered = false,
  className,
}: {
  primary: Cta;
  secondary: Cta;
  centered?: boolean;
  className?: string;
}) {
  return (
    <div className={cn(className, "flex flex-wrap", centered && "justify-center", "gap-4")}>
      <LinkButton to={primary.to} size="lg">
        {primary.label}
      </LinkButton>
      <LinkButton to={secondary.to} size="lg" variant="outline">
        {secondary.label}
      </LinkButton>
    </div>
  );
}
