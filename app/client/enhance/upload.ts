import { showToast } from "./toast";

/** Sent with XMLHttpRequest so the progress bar can move; the response replaces this document. */
export function uploadWithProgress(form: HTMLFormElement, onFailure: () => void): XMLHttpRequest {
  const doc = form.ownerDocument;
  const status = form.querySelector<HTMLElement>("[data-upload-status]");
  const bar = status?.querySelector("progress");
  const live = status?.querySelector<HTMLElement>("[data-upload-percent]");
  if (status) status.hidden = false;
  const xhr = new XMLHttpRequest();
  xhr.open("POST", form.action);
  let announced = 0;
  xhr.upload.addEventListener("progress", (progress) => {
    if (!bar || !progress.lengthComputable) return;
    const percent = Math.round((progress.loaded / progress.total) * 100);
    bar.value = percent;
    // Announced in quarters, not on every event.
    if (live && percent >= announced + 25) {
      announced = percent - (percent % 25);
      live.textContent = `${announced}% uploaded`;
    }
  });
  xhr.addEventListener("load", () => {
    if (xhr.responseURL && xhr.responseURL !== location.href) history.replaceState(null, "", xhr.responseURL);
    doc.open();
    doc.write(xhr.responseText);
    doc.close();
  });
  xhr.addEventListener("error", () => {
    if (status) status.hidden = true;
    onFailure();
    showToast(doc, "Submission failed", "The upload did not reach us. Please check your connection and try again.");
  });
  xhr.send(new FormData(form));
  return xhr;
}
