// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PAGE_VIEW_ENDPOINT, sendPageView } from "./page-view";

const sendBeacon = vi.fn<(url: string, data: Blob) => boolean>();
const fetchMock = vi.fn<typeof fetch>();

function privacy(settings: { doNotTrack?: string | null; globalPrivacyControl?: boolean }) {
  Object.defineProperty(navigator, "doNotTrack", { value: settings.doNotTrack ?? null, configurable: true });
  Object.defineProperty(navigator, "globalPrivacyControl", {
    value: settings.globalPrivacyControl ?? false,
    configurable: true,
  });
}

beforeEach(() => {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    "https://solar.example/farms?utm_source=ad",
  );
  document.title = "Solar for Farms";
  Object.defineProperty(document, "referrer", { value: "https://search.example/", configurable: true });
  Object.defineProperty(navigator, "sendBeacon", { value: sendBeacon, configurable: true });
  vi.stubGlobal("fetch", fetchMock.mockResolvedValue(new Response(null, { status: 204 })));
  sendBeacon.mockReset().mockReturnValue(true);
  privacy({});
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete (window as Window & { gtag?: unknown }).gtag;
});

async function sentBody(): Promise<unknown> {
  const [url, blob] = sendBeacon.mock.calls[0] ?? [];
  expect(url).toBe(PAGE_VIEW_ENDPOINT);
  expect(blob?.type).toBe("application/json");
  return JSON.parse((await blob?.text()) ?? "null");
}

describe("page view", () => {
  it("sends one beacon with the path, title, full location and referrer", async () => {
    expect(sendPageView()).toBe(true);
    expect(sendBeacon).toHaveBeenCalledOnce();
    expect(await sentBody()).toEqual({
      path: "/farms",
      title: "Solar for Farms",
      location: "https://solar.example/farms?utm_source=ad",
      referrer: "https://search.example/",
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends nothing with Do Not Track or Global Privacy Control", () => {
    privacy({ doNotTrack: "1" });
    expect(sendPageView()).toBe(false);
    privacy({ globalPrivacyControl: true });
    expect(sendPageView()).toBe(false);
    expect(sendBeacon).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("falls back to a keepalive fetch when the beacon is refused", () => {
    sendBeacon.mockReturnValue(false);
    sendPageView();
    expect(fetchMock).toHaveBeenCalledOnce();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(PAGE_VIEW_ENDPOINT);
    expect(init).toMatchObject({ method: "POST", keepalive: true });
    expect(JSON.parse(String(init?.body))).toMatchObject({ path: "/farms" });
  });

  it("tells GA4 too when it is loaded", () => {
    const gtag = vi.fn();
    (window as Window & { gtag?: unknown }).gtag = gtag;
    sendPageView();
    expect(gtag).toHaveBeenCalledWith("event", "page_view", {
      page_path: "/farms",
      page_title: "Solar for Farms",
      page_location: "https://solar.example/farms?utm_source=ad",
    });
  });

  it("tells GA4 no calculator inputs and no unsubscribe address, as the first-party store keeps them", () => {
    const gtag = vi.fn();
    (window as Window & { gtag?: unknown }).gtag = gtag;
    const happyDOM = (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM;
    for (const [url, kept] of [
      ["https://solar.example/solar-calculator?monthlyBill=4321&state=CA", "https://solar.example/solar-calculator"],
      ["https://solar.example/unsubscribe?e=am9AZXhhbXBsZS5jb20&t=abc", "https://solar.example/unsubscribe"],
      [
        "https://solar.example/submit-bill?utm_source=mail&estimate=monthlyBill%3D2500",
        "https://solar.example/submit-bill?utm_source=mail",
      ],
    ]) {
      happyDOM.setURL(url as string);
      gtag.mockClear();
      sendPageView();
      expect(gtag).toHaveBeenCalledWith("event", "page_view", expect.objectContaining({ page_location: kept }));
      // Set for every later event of the page too (GA4's engagement, scroll and form events).
      expect(gtag).toHaveBeenCalledWith("set", expect.objectContaining({ page_location: kept }));
    }
  });

  it("tells GA4 the page a visitor came from without its private query: our page as kept, another site's origin", () => {
    const gtag = vi.fn();
    (window as Window & { gtag?: unknown }).gtag = gtag;
    const happyDOM = (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM;
    happyDOM.setURL("https://solar.example/submit-bill");
    for (const [referrer, kept] of [
      ["https://solar.example/solar-calculator?monthlyBill=4321&state=CA", "https://solar.example/solar-calculator"],
      ["https://www.google.com/search?q=solar+for+my+farm", "https://www.google.com"],
      ["", undefined],
    ]) {
      Object.defineProperty(document, "referrer", { value: referrer, configurable: true });
      gtag.mockClear();
      sendPageView();
      expect(gtag).toHaveBeenCalledWith("set", expect.objectContaining({ page_referrer: kept }));
    }
  });
});
