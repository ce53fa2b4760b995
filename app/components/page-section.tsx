import type { ComponentProps, ReactNode } from "react";

export function PageSection({
  as: Tag = "section",
  id,
  headingId,
  title,
  headingClassName = "text-2xl font-bold text-navy-900",
  className,
  children,
  ...props
}: Omit<ComponentProps<"section">, "title"> & {
  as?: "section" | "nav";
  headingId: string;
  title: ReactNode;
  headingClassName?: string;
}) {
  return (
    <Tag id={id} aria-labelledby={headingId} className={className} {...props}>
      <h2 id={headingId} className={headingClassName}>
        {title}
      </h2>
      {children}
    </Tag>
  );
}
