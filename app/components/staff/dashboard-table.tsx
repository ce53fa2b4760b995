export function DashboardTable({
  caption,
  headings,
  rows,
  open = false,
}: {
  caption: string;
  headings: string[];
  rows: (string | number)[][];
  open?: boolean;
}) {
  // A long page address scrolls inside the table's box on a phone, not the page.
  const table = (
    // Scrollable, so reachable by keyboard (axe: scrollable-region-focusable).
    <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-label={caption}>
      <table className="mt-2 w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col" className="border-b border-slate-200 px-2 py-1 font-semibold">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={headings.length} className="px-2 py-2 text-slate-700">
                Nothing yet.
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={String(row[0])}>
                {row.map((cell, index) => (
                  <td key={`${headings[index]}`} className="border-b border-slate-100 px-2 py-1 tabular">
                    {cell}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
  if (open) return table;
  return (
    <details className="mt-3">
      <summary className="min-h-11 cursor-pointer py-2 font-medium text-navy-800">Show the figures as a table</summary>
      {table}
    </details>
  );
}
