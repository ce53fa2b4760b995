import type { PreviewBarData } from "~/lib/content-preview";

/** Over a public page rendered with a draft (`?preview=<kind>:<id>`). Plain links: public pages are not hydrated. */
export function PreviewBar({ preview }: { preview: PreviewBarData | null | undefined }) {
  if (!preview) return null;
  return (
    <section
      aria-label="Preview"
      data-testid="preview-bar"
      className="border-b-4 border-amber-500 bg-amber-100 px-4 py-3 text-amber-950"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3">
        <p>
          <strong>Preview — not published.</strong> {preview.label}
        </p>
        <ul className="flex flex-wrap items-center gap-4" aria-label="Pages that show this record">
          {preview.pages.map((page) => (
            <li key={page.href}>
              <a href={page.href} className="font-semibold underline underline-offset-4">
                {page.path}
              </a>
            </li>
          ))}
          <li>
            <a href={preview.editorHref} className="font-semibold underline underline-offset-4">
              Back to the editor
            </a>
          </li>
        </ul>
      </div>
    </section>
  );
}
