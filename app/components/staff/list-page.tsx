import { Search } from "lucide-react";
import type { ChangeEventHandler, ReactNode, RefObject } from "react";
import { Form, Link } from "react-router";
import { Select } from "~/components/ui/form";
import { cn } from "~/lib/cn";

export function ListSearchForm({
  formRef,
  label,
  className,
  children,
}: {
  formRef: RefObject<HTMLFormElement | null>;
  label: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <Form
      ref={formRef}
      method="get"
      role="search"
      aria-label={label}
      className={cn("mt-6 gap-3 rounded-xl border border-slate-200 bg-white p-4", className)}
    >
      {children}
      <button
        type="submit"
        className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-navy-800 px-4 font-semibold text-white hover:bg-navy-700"
      >
        <Search aria-hidden="true" className="size-4" />
        Search
      </button>
    </Form>
  );
}

export function SearchInput({
  id,
  label,
  placeholder,
  defaultValue,
  maxLength,
  onChange,
  className = "w-full",
}: {
  id: string;
  label: string;
  placeholder: string;
  defaultValue: string;
  maxLength: number;
  onChange: ChangeEventHandler<HTMLInputElement>;
  className?: string;
}) {
  return (
    <>
      <label className="sr-only" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="search"
        name="q"
        defaultValue={defaultValue}
        maxLength={maxLength}
        placeholder={placeholder}
        onChange={onChange}
        className={cn("min-h-11 rounded-lg border border-slate-400 px-3", className)}
      />
    </>
  );
}

export function FilterSelect({
  id,
  label,
  name,
  defaultValue,
  onChange,
  all,
  options,
  className,
}: {
  id: string;
  label: string;
  name: string;
  defaultValue: string;
  onChange: ChangeEventHandler<HTMLSelectElement>;
  all: string;
  options: readonly { value: string; label: string }[];
  className?: string;
}) {
  return (
    <>
      <label className="sr-only" htmlFor={id}>
        {label}
      </label>
      <Select id={id} name={name} defaultValue={defaultValue} onChange={onChange} className={className}>
        <option value="">{all}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </>
  );
}

export function ListCount({ testId, loading, children }: { testId: string; loading: boolean; children: ReactNode }) {
  return (
    <div className="mt-4 flex items-center justify-between text-sm text-slate-700">
      <p aria-live="polite" data-testid={testId}>
        {children}
      </p>
      {loading ? (
        <p role="status" className="font-medium">
          Loading...
        </p>
      ) : null}
    </div>
  );
}

export function EmptyList({ children }: { children: ReactNode }) {
  return <p className="mt-6 rounded-xl bg-white p-10 text-center text-lg text-slate-700">{children}</p>;
}

export function Pager({ page, pages, hrefFor }: { page: number; pages: number; hrefFor: (page: number) => string }) {
  if (pages <= 1) return null;
  const linkClass = "min-h-11 font-semibold text-navy-800 underline";
  return (
    <nav aria-label="Pages" className="mt-6 flex items-center justify-between">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={linkClass}>
          Previous page
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-slate-700">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={hrefFor(page + 1)} className={linkClass}>
          Next page
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
