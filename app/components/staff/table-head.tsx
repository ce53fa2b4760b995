import type { ReactNode } from "react";

/** An empty heading is an actions column, named for screen readers. */
export function TableHead({
  headings,
  cells = {},
  sorted = {},
}: {
  headings: readonly string[];
  cells?: Readonly<Record<string, ReactNode>>;
  sorted?: Readonly<Record<string, "ascending" | "descending">>;
}) {
  return (
    <thead className="bg-slate-100 text-slate-800">
      <tr>
        {headings.map((heading) => (
          <th
            key={heading || "actions"}
            scope="col"
            aria-sort={sorted[heading]}
            className="whitespace-nowrap px-3 py-2 font-semibold"
          >
            {cells[heading] ?? (heading || <span className="sr-only">Actions</span>)}
          </th>
        ))}
      </tr>
    </thead>
  );
}
