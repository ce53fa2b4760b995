import type { ComponentProps } from "react";
import { Link } from "react-router";
import { cn } from "~/lib/cn";

export type ButtonVariant = "primary" | "secondary" | "outline" | "ghost" | "onDark";
export type ButtonSize = "md" | "lg";

const base =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-sun-400 text-navy-950 hover:bg-sun-300 shadow-sm",
  secondary: "bg-navy-800 text-white hover:bg-navy-700",
  outline: "border-2 border-navy-800 text-navy-900 hover:bg-navy-800 hover:text-white",
  ghost: "text-navy-900 hover:bg-slate-100",
  onDark: "border-2 border-white/80 text-white hover:bg-white hover:text-navy-950",
};

const sizes: Record<ButtonSize, string> = {
  md: "px-4 py-2 text-base",
  lg: "px-6 py-3 text-lg",
};

export function buttonClasses(variant: ButtonVariant = "primary", size: ButtonSize = "md", className?: string) {
  return cn(base, variants[variant], sizes[size], className);
}

type ButtonProps = ComponentProps<"button"> & { variant?: ButtonVariant; size?: ButtonSize };

export function Button({ variant, size, className, type = "button", ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses(variant, size, className)} {...props} />;
}

type LinkButtonProps = ComponentProps<typeof Link> & { variant?: ButtonVariant; size?: ButtonSize };

/** A link styled as a button: navigation stays a link for assistive technology. */
export function LinkButton({ variant, size, className, ...props }: LinkButtonProps) {
  return <Link className={buttonClasses(variant, size, className)} {...props} />;
}
