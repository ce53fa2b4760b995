import { useEffect, useRef } from "react";

const SHORTCUTS = [
  ["/", "Search the list"],
  ["j / k", "Next / previous lead in the list"],
  ["o", "Open the lead that has the focus"],
  ["e", "Write an e-mail to the lead (lead page)"],
  ["?", "This list of shortcuts"],
] as const;

const shown = (element: HTMLElement) => element.offsetParent !== null;

/** None fires while typing in a field, nor with Ctrl, Cmd or Alt (the browser's own shortcuts). */
export function StaffShortcuts() {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || dialog.current?.open) return;
      if ((event.target as Element | null)?.closest?.("input, textarea, select, [contenteditable='true']")) return;
      const focus = (element: HTMLElement | null | undefined) => {
        if (!element) return;
        event.preventDefault();
        element.focus();
      };
      if (event.key === "/") focus(document.querySelector<HTMLInputElement>('input[type="search"]'));
      else if (event.key === "e") focus(document.querySelector<HTMLElement>('[data-shortcut="e"]'));
      else if (event.key === "?") {
        event.preventDefault();
        dialog.current?.showModal();
      } else if (event.key === "j" || event.key === "k") {
        const links = [...document.querySelectorAll<HTMLElement>("[data-lead-link]")].filter(shown);
        const at = links.indexOf(document.activeElement as HTMLElement);
        const next = at === -1 ? 0 : Math.min(links.length - 1, Math.max(0, at + (event.key === "j" ? 1 : -1)));
        focus(links[next]);
      } else if (event.key === "o" && (document.activeElement as HTMLElement | null)?.matches("[data-lead-link]")) {
        event.preventDefault();
        (document.activeElement as HTMLElement).click();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  return (
    <dialog
      ref={dialog}
      aria-labelledby="staff-shortcuts-title"
      className="m-auto w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-navy-950/40"
    >
      <h2 id="staff-shortcuts-title" className="text-lg font-semibold text-navy-900">
        Keyboard shortcuts
      </h2>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        {SHORTCUTS.map(([keys, what]) => (
          <div key={keys} className="contents">
            <dt>
              <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 font-mono text-sm">{keys}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
      <form method="dialog" className="mt-6 text-right">
        <button type="submit" className="min-h-11 rounded-lg bg-navy-800 px-4 font-semibold text-white">
          Close
        </button>
      </form>
    </dialog>
  );
}
