// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { billMessages, FILE_MAX_BYTES } from "~/lib/validation/bill";
import type { FirstTouch } from "./attribution";
import { FakeXhr } from "./fake-xhr";
import { focusFirstProblem, installForms } from "./forms";

const firstTouch: FirstTouch = {};
const form = () => document.querySelector("form") as HTMLFormElement;
const button = () => form().querySelector("button") as HTMLButtonElement;

function submit(): boolean {
  return form().dispatchEvent(new SubmitEvent("submit", { bubbles: true, cancelable: true }));
}

beforeAll(() => installForms(document, firstTouch));
beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  FakeXhr.last = undefined;
  for (const key of Object.keys(firstTouch)) delete firstTouch[key];
  document.body.innerHTML = `
    <form method="post" action="/talk-to-solar-advisor">
      <input type="hidden" name="utm_source" value="" data-attribution="utm_source">
      <input type="hidden" name="utm_campaign" value="spring" data-attribution="utm_campaign">
      <input type="hidden" name="referrer" value="" data-attribution="referrer">
      <button type="submit" data-pending-label="Processing...">Get My Free Consultation</button>
    </form>`;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("form submission", () => {
  it("shows the pending label, then disables the button once the data is taken", () => {
    expect(submit()).toBe(true);
    expect(button().textContent).toBe("Processing...");
    expect(button().getAttribute("aria-disabled")).toBe("true");
    // Not yet: a disabled button would be left out of the form data.
    expect(button().disabled).toBe(false);
    vi.runAllTimers();
    expect(button().disabled).toBe(true);
  });

  it("ignores a second submit while the first is on its way", () => {
    expect(submit()).toBe(true);
    expect(submit()).toBe(false);
    expect(submit()).toBe(false);
  });

  it("leaves a submit another handler has cancelled alone", () => {
    const cancel = (event: Event) => event.preventDefault();
    form().addEventListener("submit", cancel);
    submit();
    form().removeEventListener("submit", cancel);
    expect(form().dataset.submitting).toBeUndefined();
    expect(button().textContent).toBe("Get My Free Consultation");
  });

  it("fills the empty attribution fields from the first touch, keeping what the page set", () => {
    Object.assign(firstTouch, {
      utm_source: "newsletter",
      utm_campaign: "autumn",
      referrer: "https://search.example/",
    });
    submit();
    const value = (name: string) => (form().elements.namedItem(name) as HTMLInputElement).value;
    expect(value("utm_source")).toBe("newsletter");
    expect(value("utm_campaign")).toBe("spring");
    expect(value("referrer")).toBe("https://search.example/");
  });

  it("a page restored from the back/forward cache gets its button back", () => {
    submit();
    vi.runAllTimers();
    window.dispatchEvent(new Event("pageshow"));
    expect(form().dataset.submitting).toBeUndefined();
    expect(button().textContent).toBe("Get My Free Consultation");
    expect(button().disabled).toBe(false);
    expect(button().hasAttribute("aria-disabled")).toBe(false);
    expect(submit()).toBe(true);
  });
});

describe("bill form submission", () => {
  function billForm(progress: boolean) {
    document.body.innerHTML = `
      <form method="post" action="/submit-bill" enctype="multipart/form-data" ${progress ? "data-upload-progress" : ""}>
        <input type="file" id="bill" name="file" data-bill-file>
        <div data-upload-status hidden><progress max="100" value="0"></progress><p data-upload-percent></p></div>
        <button type="submit" data-pending-label="Submitting...">Get My Free Assessment</button>
      </form>`;
  }
  function choose(name: string, type: string, size: number) {
    const file = new File(["%PDF-1.4"], name, { type });
    Object.defineProperty(file, "size", { value: size });
    const transfer = new DataTransfer();
    transfer.items.add(file);
    (document.getElementById("bill") as HTMLInputElement).files = transfer.files;
  }

  it("a refused file stops the submission before anything is sent", () => {
    billForm(true);
    choose("bill.pdf", "application/pdf", FILE_MAX_BYTES + 1);
    expect(submit()).toBe(false);
    expect(FakeXhr.last).toBeUndefined();
    expect(form().dataset.submitting).toBeUndefined();
    expect(button().textContent).toBe("Get My Free Assessment");
    expect(document.getElementById("bill-client-error")?.textContent).toBe(billMessages.fileTooLarge);
  });

  it("a good file goes up with progress (XMLHttpRequest) instead of a plain post", () => {
    billForm(true);
    choose("bill.pdf", "application/pdf", 50_000);
    expect(submit()).toBe(false);
    expect(FakeXhr.last?.url).toContain("/submit-bill");
    expect(button().textContent).toBe("Submitting...");
  });

  it("a failed upload gives the form back, ready to send again", () => {
    billForm(true);
    choose("bill.pdf", "application/pdf", 50_000);
    submit();
    vi.runAllTimers();
    (FakeXhr.last as FakeXhr).fail();
    expect(form().dataset.submitting).toBeUndefined();
    expect(button().textContent).toBe("Get My Free Assessment");
    expect(button().disabled).toBe(false);
    expect(submit()).toBe(false);
    expect(form().dataset.submitting).toBe("true");
  });

  it("without data-upload-progress the form is a plain post", () => {
    billForm(false);
    choose("bill.pdf", "application/pdf", 50_000);
    expect(submit()).toBe(true);
    expect(FakeXhr.last).toBeUndefined();
  });
});

describe("focus after a failed submission", () => {
  it("goes to the error summary", () => {
    document.body.innerHTML = `<form><div data-toast role="alert">Toast</div><div data-error-summary id="summary">Fix</div></form>`;
    expect(focusFirstProblem(document)?.id).toBe("summary");
    expect(document.activeElement?.id).toBe("summary");
    expect((document.activeElement as HTMLElement).tabIndex).toBe(-1);
  });

  it("or to the form's error toast when there is no summary", () => {
    document.body.innerHTML = `<form><div data-toast role="alert" id="toast">Missing information</div></form>`;
    expect(focusFirstProblem(document)?.id).toBe("toast");
    expect(document.activeElement?.id).toBe("toast");
  });

  it("and stays put on a page without errors (a success toast is a status, not an alert)", () => {
    document.body.innerHTML = `<div data-toast role="status">Success!</div><form></form>`;
    expect(focusFirstProblem(document)).toBeNull();
    expect(document.activeElement).toBe(document.body);
  });
});
