// @vitest-environment happy-dom
import { gzipSync } from "node:zlib";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { banner } from "~/content/site";
import { billMessages, FILE_MAX_BYTES } from "~/lib/validation/bill";
import { bundlePageScript, type PageScriptBundle } from "./page-script-bundle";

// Built as the Vite plugin builds it: tests the bundling itself (tree-shaking, no zod).
let bundle: PageScriptBundle;
beforeAll(async () => {
  bundle = await bundlePageScript(process.cwd());
}, 60_000);

describe("the bundled page script", () => {
  it("stays within the public pages' budget: under 3.5 KB gzip", () => {
    // About 3.2 KB today; zod slipping in would make it ~26 KB.
    expect(gzipSync(bundle.code).length).toBeLessThan(3.5 * 1024);
  });

  it("holds our own modules only: no zod, no React", () => {
    expect(bundle.modules.filter((id) => id.includes("node_modules"))).toEqual([]);
    expect(bundle.modules.some((id) => id.endsWith("app/lib/validation/bill-file.ts"))).toBe(true);
    expect(bundle.modules.some((id) => id.endsWith("app/content/site.ts"))).toBe(true);
  });

  it("is one self-contained classic script (no import or export)", () => {
    expect(bundle.code).toMatch(/^\(function\(\)\{[\s\S]*\}\)\(\);$/);
    expect(() => new Function(bundle.code)).not.toThrow();
  });

  it("runs on a page: enhanced, disclosures, banner, bill rules from app/lib", () => {
    Object.defineProperty(navigator, "sendBeacon", { value: vi.fn(() => true), configurable: true });
    document.body.innerHTML = `
      <section id="promo-banner"><button type="button" data-banner-dismiss>x</button></section>
      <div data-disclosure-root>
        <button type="button" id="industries" aria-expanded="false" aria-controls="panel" data-disclosure>Industries</button>
        <div id="panel"></div>
      </div>
      <form><input type="file" id="bill" data-bill-file></form>`;
    document.documentElement.setAttribute("data-banner-version", "abc");
    new Function(bundle.code)();
    expect(document.documentElement.getAttribute("data-enhanced")).toBe("true");

    document.getElementById("industries")?.click();
    expect(document.getElementById("panel")?.hasAttribute("data-open")).toBe(true);

    document.querySelector<HTMLButtonElement>("[data-banner-dismiss]")?.click();
    expect(localStorage.getItem(banner.storageKey)).toBe("abc");

    const tooLarge = new File(["%PDF-1.4"], "bill.pdf", { type: "application/pdf" });
    Object.defineProperty(tooLarge, "size", { value: FILE_MAX_BYTES + 1 });
    const transfer = new DataTransfer();
    transfer.items.add(tooLarge);
    const input = document.getElementById("bill") as HTMLInputElement;
    input.files = transfer.files;
    input.dispatchEvent(new Event("change", { bubbles: true }));
    expect(document.getElementById("bill-client-error")?.textContent).toBe(billMessages.fileTooLarge);
    expect(document.querySelector("[data-toast]")?.textContent).toContain(billMessages.fileValidationFailed);
  });
});
