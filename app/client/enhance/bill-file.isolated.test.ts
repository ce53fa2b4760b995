// @vitest-environment happy-dom
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { billMessages, FILE_MAX_BYTES, FILE_MIN_BYTES } from "~/lib/validation/bill";
import { checkFileInput, installBillFileChecks } from "./bill-file";

function file(name: string, type: string, size: number): File {
  const made = new File(["%PDF-1.4"], name, { type });
  Object.defineProperty(made, "size", { value: size });
  return made;
}

const input = () => document.getElementById("bill-file") as HTMLInputElement;
const toasts = () => Array.from(document.querySelectorAll("[data-toast]"));

function choose(chosen: File) {
  const transfer = new DataTransfer();
  transfer.items.add(chosen);
  input().files = transfer.files;
  input().dispatchEvent(new Event("change", { bubbles: true }));
}

beforeAll(() => installBillFileChecks(document));
beforeEach(() => {
  // As app/routes/submit-bill.tsx renders it after the server refused a first attempt.
  document.body.innerHTML = `
    <form>
      <input type="file" id="bill-file" name="file" data-bill-file aria-invalid="true" aria-describedby="bill-file-hint bill-file-error">
      <p id="bill-file-error">${billMessages.fileRequired}</p>
      <p id="bill-file-hint">PDF, JPG or PNG</p>
    </form>`;
});

describe("bill file checked on choice", () => {
  const refused: [string, File, string][] = [
    ["a file over 10 MB", file("bill.pdf", "application/pdf", FILE_MAX_BYTES + 1), billMessages.fileTooLarge],
    ["a file under 1 KB", file("bill.pdf", "application/pdf", FILE_MIN_BYTES - 1), billMessages.fileTooSmall],
    ["a type that is not PDF, JPG or PNG", file("bill.gif", "image/gif", 50_000), billMessages.fileType],
    [
      "an extension that does not match the type",
      file("bill.png", "application/pdf", 50_000),
      billMessages.fileExtension,
    ],
    ["a name with ..", file("..bill.pdf", "application/pdf", 50_000), billMessages.fileName],
  ];
  for (const [label, chosen, message] of refused) {
    it(`refuses ${label}: input cleared, message under it, the toast File validation failed`, () => {
      choose(chosen);
      expect(input().files).toHaveLength(0);
      expect(input().getAttribute("aria-invalid")).toBe("true");
      const error = document.getElementById("bill-file-client-error");
      expect(error?.textContent).toBe(message);
      expect(input().nextElementSibling).toBe(error);
      expect(input().getAttribute("aria-describedby")).toBe("bill-file-hint bill-file-client-error");
      // The server's earlier message is replaced, not shown next to the new one.
      expect(document.getElementById("bill-file-error")).toBeNull();
      expect(toasts()).toHaveLength(1);
      expect(toasts()[0]?.getAttribute("role")).toBe("alert");
      expect(toasts()[0]?.textContent).toContain(billMessages.fileValidationFailed);
      expect(toasts()[0]?.textContent).toContain(message);
    });
  }

  it("accepts a PDF of exactly 10 MB and of exactly 1 KB, and a JPG and a PNG", () => {
    for (const chosen of [
      file("bill.pdf", "application/pdf", FILE_MAX_BYTES),
      file("bill.PDF", "application/pdf", FILE_MIN_BYTES),
      file("bill.jpg", "image/jpeg", 200_000),
      file("bill.png", "image/png", 200_000),
    ]) {
      choose(chosen);
      expect(input().files?.[0]).toBe(chosen);
      expect(input().hasAttribute("aria-invalid")).toBe(false);
      expect(document.getElementById("bill-file-client-error")).toBeNull();
    }
    expect(toasts()).toHaveLength(0);
  });

  it("a good choice after a bad one clears the message and the invalid state", () => {
    choose(file("bill.pdf", "application/pdf", FILE_MAX_BYTES + 1));
    choose(file("bill.pdf", "application/pdf", 50_000));
    expect(document.getElementById("bill-file-client-error")).toBeNull();
    expect(input().hasAttribute("aria-invalid")).toBe(false);
    expect(input().getAttribute("aria-describedby")).toBe("bill-file-hint");
  });

  it("a second bad choice shows one message, not two", () => {
    choose(file("bill.gif", "image/gif", 50_000));
    choose(file("bill.pdf", "application/pdf", 10));
    expect(document.querySelectorAll("#bill-file-client-error")).toHaveLength(1);
    expect(document.getElementById("bill-file-client-error")?.textContent).toBe(billMessages.fileTooSmall);
    expect(input().getAttribute("aria-describedby")).toBe("bill-file-hint bill-file-client-error");
  });

  it("no file chosen is not refused here (the server asks for one)", () => {
    expect(checkFileInput(input())).toBe(true);
    expect(toasts()).toHaveLength(0);
  });

  it("ignores other inputs", () => {
    document.body.insertAdjacentHTML("beforeend", `<input type="file" id="other">`);
    const other = document.getElementById("other") as HTMLInputElement;
    const transfer = new DataTransfer();
    transfer.items.add(file("x.gif", "image/gif", 5));
    other.files = transfer.files;
    other.dispatchEvent(new Event("change", { bubbles: true }));
    expect(other.files).toHaveLength(1);
    expect(toasts()).toHaveLength(0);
  });
});
