// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeXhr } from "./fake-xhr";
import { uploadWithProgress } from "./upload";

const form = () => document.querySelector("form") as HTMLFormElement;
const status = () => document.querySelector("[data-upload-status]") as HTMLElement;
const bar = () => document.querySelector("progress") as HTMLProgressElement;
const live = () => document.querySelector("[data-upload-percent]") as HTMLElement;

beforeEach(() => {
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  document.body.innerHTML = `
    <form method="post" action="/submit-bill" enctype="multipart/form-data" data-upload-progress>
      <input name="businessName" value="Acme Farms">
      <div data-upload-status hidden><progress max="100" value="0"></progress><p data-upload-percent aria-live="polite"></p></div>
      <button type="submit" data-pending-label="Submitting...">Get My Free Assessment</button>
    </form>`;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("upload with progress", () => {
  it("posts the form's fields to its action and shows the progress area", () => {
    uploadWithProgress(form(), () => {});
    const xhr = FakeXhr.last as FakeXhr;
    expect(xhr.method).toBe("POST");
    expect(new URL(xhr.url).pathname).toBe("/submit-bill");
    expect(xhr.body).toBeInstanceOf(FormData);
    expect((xhr.body as FormData).get("businessName")).toBe("Acme Farms");
    expect(status().hidden).toBe(false);
  });

  it("moves the bar with each progress event and announces quarters only", () => {
    uploadWithProgress(form(), () => {});
    const xhr = FakeXhr.last as FakeXhr;
    xhr.progress(10, 100);
    expect(bar().value).toBe(10);
    expect(live().textContent).toBe("");
    xhr.progress(26, 100);
    expect(bar().value).toBe(26);
    expect(live().textContent).toBe("25% uploaded");
    xhr.progress(49, 100);
    expect(live().textContent).toBe("25% uploaded");
    xhr.progress(77, 100);
    expect(live().textContent).toBe("75% uploaded");
    xhr.progress(100, 100);
    expect(bar().value).toBe(100);
    expect(live().textContent).toBe("100% uploaded");
  });

  it("ignores progress it cannot measure", () => {
    uploadWithProgress(form(), () => {});
    (FakeXhr.last as FakeXhr).progress(50, 0, false);
    expect(bar().value).toBe(0);
  });

  it("the response replaces the document, at the address it came from", () => {
    const replaceState = vi.spyOn(history, "replaceState");
    const open = vi.spyOn(document, "open").mockImplementation((() => document) as unknown as typeof document.open);
    const write = vi.spyOn(document, "write").mockImplementation(() => {});
    const close = vi.spyOn(document, "close").mockImplementation(() => {});
    uploadWithProgress(form(), () => {});
    (FakeXhr.last as FakeXhr).respond("http://localhost:3000/thank-you?form=bill", "<html><body>Thanks</body></html>");
    expect(replaceState).toHaveBeenCalledWith(null, "", "http://localhost:3000/thank-you?form=bill");
    expect(open).toHaveBeenCalled();
    expect(write).toHaveBeenCalledWith("<html><body>Thanks</body></html>");
    expect(close).toHaveBeenCalled();
  });

  it("a failed connection hides the progress, gives the form back and says so in a toast", () => {
    const onFailure = vi.fn();
    uploadWithProgress(form(), onFailure);
    (FakeXhr.last as FakeXhr).fail();
    expect(status().hidden).toBe(true);
    expect(onFailure).toHaveBeenCalledOnce();
    const toast = document.querySelector("[data-toast][role='alert']");
    expect(toast?.textContent).toContain("Submission failed");
    expect(toast?.textContent).toContain("The upload did not reach us");
  });
});
