/** A staff table's header row; an empty heading is an actions column, named for screen readers. */
export function TableHead({ headings }: { headings: readonly string[] }) {
  return (
    <thead className="bg-slate-100 text-slate-800">
      <tr>
        {headings.map((heading) => (
          <th key={heading || "actions"} scope="col" className="whitespace-nowrap px-3 py-2 font-semibold">
            {heading || <span className="sr-only">Actions</span>}
          </th>
        ))}
      </tr>
    </thead>
  );
}
