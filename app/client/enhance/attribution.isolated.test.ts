// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ATTRIBUTION_STORAGE_KEY, fillAttribution, readFirstTouch } from "./attribution";

function visit(url: string, referrer = "") {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);
  Object.defineProperty(document, "referrer", { value: referrer, configurable: true });
}

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe("first-touch attribution", () => {
  it("records the landing page's UTM parameters and the referring site", () => {
    visit(
      "https://solar.example/farms?utm_source=newsletter&utm_medium=email&utm_campaign=autumn&q=x",
      "https://search.example/results?q=solar",
    );
    expect(readFirstTouch()).toEqual({
      utm_source: "newsletter",
      utm_medium: "email",
      utm_campaign: "autumn",
      referrer: "https://search.example/results?q=solar",
    });
  });

  it("keeps the first touch for the rest of the session, whatever later pages carry", () => {
    visit("https://solar.example/?utm_source=ad", "https://search.example/");
    readFirstTouch();
    visit("https://solar.example/submit-bill?utm_source=other", "https://solar.example/");
    expect(readFirstTouch()).toEqual({ utm_source: "ad", referrer: "https://search.example/" });
    expect(JSON.parse(sessionStorage.getItem(ATTRIBUTION_STORAGE_KEY) ?? "{}")).toEqual({
      utm_source: "ad",
      referrer: "https://search.example/",
    });
  });

  it("a referrer from this site is not a source", () => {
    visit("https://solar.example/about", "https://solar.example/");
    expect(readFirstTouch()).toEqual({});
  });

  it("bounds what it keeps: 200 characters a value, 1000 for the referrer, 10 parameters", () => {
    const many = Array.from({ length: 15 }, (_, i) => `utm_p${i}=v${i}`).join("&");
    visit(`https://solar.example/?utm_source=${"s".repeat(300)}&${many}`, `https://search.example/${"r".repeat(2000)}`);
    const touch = readFirstTouch();
    expect(touch.utm_source).toHaveLength(200);
    expect(touch.referrer).toHaveLength(1000);
    expect(Object.keys(touch).filter((name) => name.startsWith("utm_"))).toHaveLength(10);
  });

  it("is best effort when storage is blocked", () => {
    const blocked = () => {
      throw new DOMException("blocked", "SecurityError");
    };
    vi.stubGlobal("sessionStorage", { getItem: blocked, setItem: blocked });
    visit("https://solar.example/?utm_source=ad");
    expect(readFirstTouch()).toEqual({});
  });

  it("fills only the form's empty attribution fields, each from its own name", () => {
    document.body.innerHTML = `<form>
      <input type="hidden" name="utm_source" data-attribution="utm_source" value="">
      <input type="hidden" name="utm_medium" data-attribution="utm_medium" value="from-page">
      <input type="hidden" name="referrer" data-attribution="referrer" value="">
      <input type="text" name="name" value="">
    </form>`;
    const form = document.querySelector("form") as HTMLFormElement;
    fillAttribution(form, { utm_source: "ad", utm_medium: "cpc", referrer: "https://search.example/", name: "x" });
    const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).value;
    expect([value("utm_source"), value("utm_medium"), value("referrer"), value("name")]).toEqual([
      "ad",
      "from-page",
      "https://search.example/",
      "",
    ]);
  });
});
