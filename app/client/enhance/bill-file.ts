import { billMessages, checkBillFile } from "~/lib/validation/bill-file";
import { showToast } from "./toast";

/** The server's own `checkBillFile`, run on choice; the server checks again, and the real content. */
export const BILL_FILE_INPUT = "input[data-bill-file]";

export function checkFileInput(input: HTMLInputElement): boolean {
  const doc = input.ownerDocument;
  const file = input.files?.[0];
  const problem = file ? checkBillFile(file) : null;
  const errorId = `${input.id}-client-error`;
  const serverErrorId = `${input.id}-error`;
  // A new choice replaces any earlier message, the server's included.
  doc.getElementById(errorId)?.remove();
  doc.getElementById(serverErrorId)?.remove();
  const describedBy = (input.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter((id) => id && id !== errorId && id !== serverErrorId);
  if (describedBy.length) input.setAttribute("aria-describedby", describedBy.join(" "));
  else input.removeAttribute("aria-describedby");
  if (!problem) {
    input.removeAttribute("aria-invalid");
    return true;
  }
  input.value = "";
  input.setAttribute("aria-invalid", "true");
  const message = doc.createElement("p");
  message.id = errorId;
  message.className = "text-sm font-medium text-red-700";
  message.textContent = problem;
  input.insertAdjacentElement("afterend", message);
  input.setAttribute("aria-describedby", [...describedBy, errorId].join(" "));
  showToast(doc, billMessages.fileValidationFailed, problem);
  return false;
}

export function installBillFileChecks(doc: Document): void {
  doc.addEventListener("change", (event) => {
    const input = event.target as HTMLInputElement;
    if (input.matches?.(BILL_FILE_INPUT)) checkFileInput(input);
  });
}
