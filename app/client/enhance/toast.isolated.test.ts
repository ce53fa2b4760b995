// @vitest-environment happy-dom
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { installToasts, showToast } from "./toast";

beforeAll(() => installToasts(document));
beforeEach(() => {
  document.body.innerHTML = "";
});

describe("toasts", () => {
  it("shows an alert with the title and text, in one region for all toasts", () => {
    showToast(document, "File validation failed", "Invalid file name.");
    showToast(document, "Submission failed", "Try again.");
    const regions = document.querySelectorAll("[data-toast-region]");
    expect(regions).toHaveLength(1);
    const toasts = Array.from(regions[0]?.querySelectorAll("[data-toast]") ?? []);
    expect(toasts.map((toast) => toast.getAttribute("role"))).toEqual(["alert", "alert"]);
    expect(toasts[0]?.textContent).toContain("File validation failed");
    expect(toasts[0]?.textContent).toContain("Invalid file name.");
    expect(toasts[1]?.textContent).toContain("Submission failed");
  });

  it("puts text in as text, never as markup", () => {
    const toast = showToast(document, "<img src=x>", "<b>bold</b>");
    expect(toast.querySelector("img, b")).toBeNull();
    expect(toast.textContent).toContain("<b>bold</b>");
  });

  it("the dismiss button removes its own toast only, the server-rendered ones too", () => {
    document.body.innerHTML = `<div data-toast role="status" id="server"><button type="button" data-toast-dismiss><svg id="x"></svg></button></div>`;
    const mine = showToast(document, "A", "a");
    document.getElementById("x")?.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(document.getElementById("server")).toBeNull();
    expect(mine.isConnected).toBe(true);
    mine.querySelector<HTMLButtonElement>("[data-toast-dismiss]")?.click();
    expect(mine.isConnected).toBe(false);
  });
});
