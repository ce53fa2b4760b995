import { type FirstTouch, fillAttribution } from "./attribution";
import { BILL_FILE_INPUT, checkFileInput } from "./bill-file";
import { uploadWithProgress } from "./upload";

// Forms stay plain posts (decision 0005): this adds only what needs JavaScript.
const PENDING_BUTTON = "button[data-pending-label]";

function markPending(form: HTMLFormElement): void {
  form.dataset.submitting = "true";
  const button = form.querySelector<HTMLButtonElement>(PENDING_BUTTON);
  if (!button) return;
  button.dataset.idleLabel = button.textContent ?? "";
  button.textContent = button.dataset.pendingLabel ?? "";
  button.setAttribute("aria-disabled", "true");
  // Disabled after the form data is taken, so nothing is left out of the submission.
  setTimeout(() => {
    button.disabled = true;
  }, 0);
}

function resetPending(form: HTMLFormElement): void {
  delete form.dataset.submitting;
  const button = form.querySelector<HTMLButtonElement>(PENDING_BUTTON);
  if (!button) return;
  if (button.dataset.idleLabel) button.textContent = button.dataset.idleLabel;
  button.removeAttribute("aria-disabled");
  button.disabled = false;
}

export function installForms(doc: Document, firstTouch: FirstTouch): void {
  doc.addEventListener("submit", (event) => {
    const form = event.target as HTMLFormElement;
    if (event.defaultPrevented) return;
    if (form.dataset.submitting === "true") {
      event.preventDefault();
      return;
    }
    const fileInput = form.querySelector<HTMLInputElement>(BILL_FILE_INPUT);
    if (fileInput && !checkFileInput(fileInput)) {
      event.preventDefault();
      return;
    }
    fillAttribution(form, firstTouch);
    markPending(form);
    if (form.hasAttribute("data-upload-progress") && typeof XMLHttpRequest === "function") {
      event.preventDefault();
      uploadWithProgress(form, () => resetPending(form));
    }
  });

  doc.defaultView?.addEventListener("pageshow", () => {
    for (const form of Array.from(doc.querySelectorAll<HTMLFormElement>("form[data-submitting='true']"))) {
      resetPending(form);
    }
  });
}

/** Focus moves to the returned errors (the summary, or the error toast) so they are read out. */
export function focusFirstProblem(doc: Document): HTMLElement | null {
  const problem =
    doc.querySelector<HTMLElement>("[data-error-summary]") ??
    doc.querySelector<HTMLElement>("form [data-toast][role='alert']");
  if (problem) {
    problem.tabIndex = -1;
    problem.focus();
  }
  return problem;
}
