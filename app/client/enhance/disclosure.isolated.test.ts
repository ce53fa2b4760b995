// @vitest-environment happy-dom
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { installDisclosures } from "./disclosure";

// As site-header.tsx renders them: the Industries panel inside the phone menu's panel.
const HEADER = `
  <header>
    <nav id="site-nav">
      <div data-disclosure-root>
        <button type="button" id="industries" aria-expanded="false" aria-controls="industries-panel" data-disclosure>Industries</button>
        <div id="industries-panel"><a href="/farms" id="farms">Farms</a><span id="panel-text">All trades</span></div>
      </div>
      <a href="/incentives" id="mobile-link">Incentives</a><button type="button" id="mobile-inner">x</button>
    </nav>
    <div data-disclosure-root>
      <button type="button" id="menu" aria-expanded="false" aria-controls="site-nav" data-disclosure>Menu</button>
    </div>
  </header>
  <main><p id="outside">Page</p><button type="button" id="outside-button">Elsewhere</button></main>`;

const byId = (id: string) => document.getElementById(id) as HTMLElement;
const isOpen = (buttonId: string) => {
  const button = byId(buttonId);
  const panel = byId(button.getAttribute("aria-controls") ?? "");
  const expanded = button.getAttribute("aria-expanded") === "true";
  // The button's state and its panel's mark (what app.css shows) never disagree.
  expect(panel.hasAttribute("data-open")).toBe(expanded);
  return expanded;
};

beforeAll(() => installDisclosures(document));
beforeEach(() => {
  document.body.innerHTML = HEADER;
});

describe("disclosures", () => {
  it("a click on the button opens its panel, a second click closes it", () => {
    expect(isOpen("industries")).toBe(false);
    byId("industries").click();
    expect(isOpen("industries")).toBe(true);
    byId("industries").click();
    expect(isOpen("industries")).toBe(false);
  });

  it("opening one closes the other", () => {
    byId("industries").click();
    byId("menu").click();
    expect(isOpen("menu")).toBe(true);
    expect(isOpen("industries")).toBe(false);
  });

  it("a click outside closes it; a click inside the panel (not on a link) keeps it open", () => {
    byId("industries").click();
    byId("panel-text").click();
    expect(isOpen("industries")).toBe(true);
    byId("outside").click();
    expect(isOpen("industries")).toBe(false);
  });

  it("the mobile panel counts as inside although it sits outside the button's wrapper", () => {
    byId("menu").click();
    byId("mobile-inner").click();
    expect(isOpen("menu")).toBe(true);
  });

  it("a click on a link inside the panel closes it", () => {
    byId("industries").click();
    byId("farms").click();
    expect(isOpen("industries")).toBe(false);
    byId("menu").click();
    byId("mobile-link").click();
    expect(isOpen("menu")).toBe(false);
  });

  it("Escape closes it and gives focus back to the button when focus was inside", () => {
    byId("industries").click();
    byId("farms").focus();
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    expect(isOpen("industries")).toBe(false);
    expect(document.activeElement).toBe(byId("industries"));
  });

  it("Escape leaves focus where it was when it was outside; other keys do nothing", () => {
    byId("industries").click();
    byId("outside-button").focus();
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    expect(isOpen("industries")).toBe(true);
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    expect(isOpen("industries")).toBe(false);
    expect(document.activeElement).toBe(byId("outside-button"));
  });

  it("focus leaving for outside closes it; moving within it does not", () => {
    byId("menu").click();
    const leave = (from: string, to: string) =>
      byId(from).dispatchEvent(new FocusEvent("focusout", { bubbles: true, relatedTarget: byId(to) }));
    leave("menu", "mobile-link");
    expect(isOpen("menu")).toBe(true);
    leave("mobile-link", "outside-button");
    expect(isOpen("menu")).toBe(false);
  });

  it("focus leaving the page (no next element) keeps it open", () => {
    byId("industries").click();
    byId("farms").dispatchEvent(new FocusEvent("focusout", { bubbles: true, relatedTarget: null }));
    expect(isOpen("industries")).toBe(true);
  });
});
