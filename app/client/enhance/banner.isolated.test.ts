// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { banner } from "~/content/site";
import { bannerPrePaintScript } from "~/lib/inline-script-sources";
import { installBanner } from "./banner";

const root = document.documentElement;
const dismiss = () => (document.querySelector("[data-banner-dismiss]") as HTMLButtonElement).click();

beforeAll(() => installBanner(document));
beforeEach(() => {
  localStorage.clear();
  root.removeAttribute("data-banner-dismissed");
  root.removeAttribute("data-js");
  root.setAttribute("data-banner-version", "v1");
  document.body.innerHTML = `
    <section id="promo-banner"><p>${banner.text}</p>
      <button type="button" data-banner-dismiss aria-label="Dismiss announcement"><svg id="icon"></svg></button>
    </section>
    <button type="button" id="other">Other</button>`;
});
afterEach(() => vi.unstubAllGlobals());

describe("banner dismissal", () => {
  it("hides the banner at once and remembers it under the site's storage key", () => {
    dismiss();
    expect(root.hasAttribute("data-banner-dismissed")).toBe(true);
    expect(localStorage.getItem(banner.storageKey)).toBe("v1");
  });

  it("a click on the button's icon counts too; other clicks do nothing", () => {
    document.getElementById("other")?.click();
    expect(root.hasAttribute("data-banner-dismissed")).toBe(false);
    expect(localStorage.getItem(banner.storageKey)).toBeNull();
    document.getElementById("icon")?.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(root.hasAttribute("data-banner-dismissed")).toBe(true);
  });

  it("still hides the banner for this page when storage is blocked", () => {
    const setItem = vi.fn(() => {
      throw new DOMException("blocked", "SecurityError");
    });
    vi.stubGlobal("localStorage", { setItem });
    expect(() => dismiss()).not.toThrow();
    expect(setItem).toHaveBeenCalledWith(banner.storageKey, "v1");
    expect(root.hasAttribute("data-banner-dismissed")).toBe(true);
  });

  it("what the dismissal stores is what the <head> pre-paint check reads on the next page", () => {
    dismiss();
    root.removeAttribute("data-banner-dismissed");
    new Function(bannerPrePaintScript)();
    expect(root.hasAttribute("data-js")).toBe(true);
    expect(root.hasAttribute("data-banner-dismissed")).toBe(true);
  });

  it("a new banner (another version) shows again for a visitor who dismissed the old one", () => {
    dismiss();
    root.removeAttribute("data-banner-dismissed");
    root.setAttribute("data-banner-version", "v2");
    new Function(bannerPrePaintScript)();
    expect(root.hasAttribute("data-banner-dismissed")).toBe(false);
    // The flag of earlier releases ("true") hides no banner either.
    localStorage.setItem(banner.storageKey, "true");
    new Function(bannerPrePaintScript)();
    expect(root.hasAttribute("data-banner-dismissed")).toBe(false);
  });

  it("the pre-paint check leaves the banner alone for a visitor who has not dismissed it", () => {
    new Function(bannerPrePaintScript)();
    expect(root.hasAttribute("data-js")).toBe(true);
    expect(root.hasAttribute("data-banner-dismissed")).toBe(false);
  });
});
