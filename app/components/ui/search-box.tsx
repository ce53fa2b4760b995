import type { ReactNode } from "react";
import { Form } from "react-router";
import { cn } from "~/lib/cn";
import { CssIcon } from "./css-icon";

/** `children` adds hidden fields that keep other filters. */
export function SearchBox({
  id,
  label,
  placeholder,
  defaultValue,
  maxLength,
  className,
  children,
}: {
  id: string;
  label: string;
  placeholder: string;
  defaultValue: string;
  maxLength: number;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <Form method="get" role="search" className={cn("flex gap-2", className)}>
      {children}
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        name="q"
        defaultValue={defaultValue}
        placeholder={placeholder}
        maxLength={maxLength}
        className="min-h-11 w-full rounded-lg border border-slate-400 px-3"
      />
      <button
        type="submit"
        className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg bg-navy-800 px-3 text-white hover:bg-navy-700"
      >
        <CssIcon name="search" className="size-5" />
        <span className="sr-only">Search</span>
      </button>
    </Form>
  );
}
