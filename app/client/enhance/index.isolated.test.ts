// @vitest-environment happy-dom
import { beforeAll, describe, expect, it, vi } from "vitest";
import { banner } from "~/content/site";
import { enhancePage } from "./index";

const sendBeacon = vi.fn(() => true);

beforeAll(() => {
  Object.defineProperty(navigator, "sendBeacon", { value: sendBeacon, configurable: true });
  document.body.innerHTML = `
    <section id="promo-banner"><button type="button" data-banner-dismiss>x</button></section>
    <div data-disclosure-root>
      <button type="button" id="industries" aria-expanded="false" aria-controls="panel" data-disclosure>Industries</button>
      <div id="panel" hidden></div>
    </div>
    <form method="post" action="/submit-bill"><div data-error-summary id="summary">Please correct</div>
      <input type="file" id="bill" data-bill-file>
      <button type="submit" data-pending-label="Submitting...">Send</button>
    </form>`;
  document.documentElement.setAttribute("data-banner-version", "abc");
  enhancePage(document);
});

describe("enhancePage wires every behaviour once", () => {
  it("marks the page as enhanced", () => {
    expect(document.documentElement.getAttribute("data-enhanced")).toBe("true");
  });
  it("sends the page view and focuses the errors", () => {
    expect(sendBeacon).toHaveBeenCalledOnce();
    expect(document.activeElement?.id).toBe("summary");
  });
  it("the disclosures, the banner, the bill check and the forms respond", () => {
    document.getElementById("industries")?.click();
    expect(document.getElementById("industries")?.getAttribute("aria-expanded")).toBe("true");
    document.querySelector<HTMLButtonElement>("[data-banner-dismiss]")?.click();
    expect(localStorage.getItem(banner.storageKey)).toBe("abc");
    const input = document.getElementById("bill") as HTMLInputElement;
    const transfer = new DataTransfer();
    transfer.items.add(new File(["GIF89a"], "bill.gif", { type: "image/gif" }));
    input.files = transfer.files;
    input.dispatchEvent(new Event("change", { bubbles: true }));
    expect(document.getElementById("bill-client-error")).not.toBeNull();
    expect(
      document.querySelector("form")?.dispatchEvent(new SubmitEvent("submit", { bubbles: true, cancelable: true })),
    ).toBe(true);
    expect(document.querySelector("button[type=submit]")?.textContent).toBe("Submitting...");
  });
});
