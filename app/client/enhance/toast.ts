export function showToast(doc: Document, title: string, text: string): HTMLElement {
  let region = doc.querySelector("[data-toast-region]");
  if (!region) {
    region = doc.createElement("div");
    region.setAttribute("data-toast-region", "");
    region.className =
      "pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-4 sm:items-end";
    doc.body.appendChild(region);
  }
  const toast = doc.createElement("div");
  toast.setAttribute("role", "alert");
  toast.setAttribute("data-toast", "");
  toast.className =
    "pointer-events-auto w-full max-w-md rounded-xl border border-red-800 bg-red-700 p-4 text-white shadow-lg";
  const heading = doc.createElement("p");
  heading.className = "font-semibold";
  heading.textContent = title;
  const body = doc.createElement("p");
  body.className = "mt-1 text-sm";
  body.textContent = text;
  const close = doc.createElement("button");
  close.type = "button";
  close.setAttribute("data-toast-dismiss", "");
  close.className = "mt-2 min-h-11 text-sm font-semibold underline";
  close.textContent = "Dismiss";
  toast.append(heading, body, close);
  region.appendChild(toast);
  return toast;
}

export function installToasts(doc: Document): void {
  doc.addEventListener("click", (event) => {
    const target = event.target as Element | null;
    if (target?.closest?.("[data-toast-dismiss]")) target.closest("[data-toast]")?.remove();
  });
}
