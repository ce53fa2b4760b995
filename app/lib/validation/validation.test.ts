import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { billMessages, billSchema, checkBillFile, FILE_MAX_BYTES, FILE_MIN_BYTES, sniffFileKind } from "./bill";
import { calculatorMessages, calculatorSchema, estimateSchema, toEstimateInput } from "./calculator";
import {
  controlCharacterMessage,
  hasControlCharacters,
  isValidEmail,
  normalizePhone,
  sanitize,
  validateWith,
  withoutControlCharacters,
} from "./common";
import { consultationSchema, isMissingNameOrEmail } from "./consultation";
import { guideMessages, guideSchema } from "./guide";

describe("guide form", () => {
  it("sanitises every value: trimmed, without < > ' \"", () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const clean = sanitize(raw);
        expect(clean).not.toMatch(/[<>'"]/);
        expect(clean).toBe(clean.trim());
      }),
    );
    expect(sanitize('  <b>"Jo"</b> ')).toBe("bJo/b");
  });

  it("accepts a name of 2 to 50 characters after sanitising, and nothing else", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 0, maxLength: 70 }), (name) => {
        const result = validateWith(guideSchema, { name, email: "a@b.co", industryType: "agriculture" });
        const length = sanitize(name).length;
        expect(result.ok).toBe(length >= 2 && length <= 50);
        if (!result.ok) expect(result.errors).toEqual({ name: guideMessages.name });
      }),
    );
  });

  it("gives each spec message for a bad email and a missing industry", () => {
    const result = validateWith(guideSchema, { name: "Jo", email: "nope", industryType: "" });
    expect(result).toEqual({
      ok: false,
      errors: { email: guideMessages.email, industryType: guideMessages.industryType },
    });
  });

  it("refuses consultation-only industries and keeps optional state/readiness", () => {
    expect(validateWith(guideSchema, { name: "Jo", email: "jo@x.io", industryType: "automotive" }).ok).toBe(false);
    const ok = validateWith(guideSchema, {
      name: "Jo",
      email: "jo@x.io",
      industryType: "hoa",
      state: "New York",
      solarReadiness: "ready",
    });
    expect(ok).toEqual({
      ok: true,
      data: { name: "Jo", email: "jo@x.io", industryType: "hoa", state: "new york", solarReadiness: "ready" },
    });
  });

  it("refuses an address that sanitising would change, rather than mail someone else", () => {
    const result = validateWith(guideSchema, { name: "Pat", email: "pat.o'brien@example.com", industryType: "hoa" });
    expect(result).toEqual({ ok: false, errors: { email: guideMessages.email } });
  });

  it("rejects an email over 255 characters", () => {
    const email = `${"a".repeat(250)}@b.com`;
    expect(validateWith(guideSchema, { name: "Jo", email, industryType: "hoa" }).ok).toBe(false);
  });
});

describe("consultation forms", () => {
  it("detects missing name or email, ignoring blanks", () => {
    expect(isMissingNameOrEmail({ name: " ", email: "a@b.co" })).toBe(true);
    expect(isMissingNameOrEmail({ name: "Jo" })).toBe(true);
    expect(isMissingNameOrEmail({ name: "Jo", email: "a@b.co" })).toBe(false);
  });

  it("keeps phone, industry and question optional", () => {
    const result = validateWith(consultationSchema, { name: "Jo", email: "jo@x.io" });
    expect(result).toEqual({
      ok: true,
      data: { name: "Jo", email: "jo@x.io", phone: null, industry: null, question: null },
    });
  });

  it("takes an address with an apostrophe, as the browser's e-mail field does", () => {
    const result = validateWith(consultationSchema, { name: "Sean", email: "sean.o'brien@obrienfarms.com" });
    expect(result).toMatchObject({ ok: true, data: { email: "sean.o'brien@obrienfarms.com" } });
  });
});

describe("phone numbers", () => {
  it("accept 10 to 14 digits once non-digits are stripped", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\+?[0-9 ()-]{0,24}$/), (raw) => {
        const digits = raw.replace(/\D/g, "").length;
        const normalized = normalizePhone(raw);
        if (raw.trim() === "" || digits < 10 || digits > 14) expect(normalized).toBeNull();
        else expect(normalized?.replace("+", "")).toMatch(/^\d{10,14}$/);
      }),
    );
    expect(normalizePhone("+1 (555) 010-0199")).toBe("+15550100199");
  });
});

describe("calculator", () => {
  it("requires the bill and the state with the spec's messages", () => {
    expect(validateWith(calculatorSchema, {})).toEqual({
      ok: false,
      errors: { monthlyBill: calculatorMessages.monthlyBillRequired, state: calculatorMessages.stateRequired },
    });
    // Each kind of bad figure has its own message.
    for (const [bill, message] of [
      ["-1", calculatorMessages.monthlyBillNegative],
      ["lots", calculatorMessages.monthlyBillNotANumber],
      ["99999999", calculatorMessages.monthlyBillTooLarge],
    ])
      expect(validateWith(calculatorSchema, { monthlyBill: bill, state: "ca" })).toEqual({
        ok: false,
        errors: { monthlyBill: message },
      });
    expect(validateWith(calculatorSchema, { monthlyBill: "$2,500", state: "ca" })).toEqual({
      ok: true,
      data: { monthlyBill: 2500, state: "CA" },
    });
    expect(validateWith(calculatorSchema, { monthlyBill: "1200", state: "ca" })).toEqual({
      ok: true,
      data: { monthlyBill: 1200, state: "CA" },
    });
  });
});

describe("calculator refine inputs", () => {
  const form = (extra: Record<string, string>) => ({ monthlyBill: "2500", state: "TX", ...extra });

  it("asks for the battery's power with its cost: its own size decides its rate", () => {
    const result = validateWith(estimateSchema, form({ storageCost: "400000" }));
    expect(result.ok).toBe(false);
    expect(result.ok ? {} : result.errors).toEqual({
      storageKw: "Enter the battery's power in kW (from its quote): its own size decides its credit rate.",
    });
    const ok = validateWith(estimateSchema, form({ storageCost: "400000", storageKw: "500", acKw: "700" }));
    if (!ok.ok) throw new Error(JSON.stringify(ok.errors));
    expect(toEstimateInput(ok.data, "2026-11-29")).toMatchObject({ storageCost: 400_000, storageKw: 500, acKw: 700 });
  });

  it("reads a 2025 start before January 20 as the old bonus phase-down, a later one not", () => {
    const input = (began: string) => {
      const result = validateWith(estimateSchema, form({ began }));
      if (!result.ok) throw new Error(JSON.stringify(result.errors));
      return toEstimateInput(result.data, "2026-11-29");
    };
    expect(input("2025-early")).toMatchObject({
      constructionBeganYear: 2025,
      constructionBeganBeforeBonusRestored: true,
    });
    expect(input("2025")).toMatchObject({ constructionBeganYear: 2025, constructionBeganBeforeBonusRestored: false });
    expect(input("2024")).toMatchObject({ constructionBeganYear: 2024, constructionBeganBeforeBonusRestored: true });
    expect(input("1999")).toMatchObject({ constructionBeganYear: undefined });
  });
});

describe("bill form", () => {
  it("checks the business fields with the spec's messages", () => {
    const result = validateWith(billSchema, {
      businessName: "A",
      contactPerson: "B",
      email: "x",
      phone: "123",
      monthlyBillAmount: "100001",
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        businessName: billMessages.businessName,
        contactPerson: billMessages.contactPerson,
        email: billMessages.email,
        phone: billMessages.phone,
        monthlyBillAmount: billMessages.monthlyBill,
      },
    });
  });

  it("accepts bill amounts from 0 to 100,000 and rejects the rest", () => {
    fc.assert(
      fc.property(fc.double({ min: -1000, max: 200_000, noNaN: true }), (amount) => {
        const result = validateWith(billSchema, {
          businessName: "Acme Farms",
          contactPerson: "Jo Smith",
          email: "jo@acme.com",
          monthlyBillAmount: String(amount),
        });
        expect(result.ok).toBe(amount >= 0 && amount <= 100_000);
      }),
    );
  });

  const file = (name: string, type: string, size: number) => ({ name, type, size });
  it.each([
    [file("bill.pdf", "application/pdf", 5000), null],
    [file("bill.JPG", "image/jpeg", 5000), null],
    [file("bill.png", "image/png", FILE_MAX_BYTES), null],
    [file("bill.gif", "image/gif", 5000), billMessages.fileType],
    [file("bill.exe", "application/pdf", 5000), billMessages.fileExtension],
    [file("bill.png", "application/pdf", 5000), billMessages.fileExtension],
    [file("bill.pdf", "application/pdf", FILE_MAX_BYTES + 1), billMessages.fileTooLarge],
    [file("bill.pdf", "application/pdf", FILE_MIN_BYTES - 1), billMessages.fileTooSmall],
    [file("../bill.pdf", "application/pdf", 5000), billMessages.fileName],
    [file("a\\bill.pdf", "application/pdf", 5000), billMessages.fileName],
  ])("checks %o → %s", (meta, message) => {
    expect(checkBillFile(meta)).toBe(message);
  });

  it("recognises real PDF, JPEG and PNG content and nothing else", () => {
    expect(sniffFileKind(new TextEncoder().encode("%PDF-1.7\n"))).toBe("pdf");
    expect(sniffFileKind(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpeg");
    expect(sniffFileKind(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe("png");
    expect(sniffFileKind(new TextEncoder().encode("<!doctype html><html>"))).toBeNull();
  });
});

describe("e-mail addresses", () => {
  it("accepts ordinary deliverable addresses", () => {
    for (const address of [
      "a@b.co",
      "first.last+tag@sub.example.co.uk",
      "x_y-z%1@ex-ample.org",
      `${"a".repeat(64)}@b.co`,
      "sean.o'brien@obrienfarms.com",
    ]) {
      expect(isValidEmail(address), address).toBe(true);
    }
  });
  it("refuses addresses that cannot exist", () => {
    for (const address of [
      "a@b..co",
      ".a@-b.co",
      "a.@b.co",
      "a..b@b.co",
      "a@-b.co",
      "a@b-.co",
      "a@b.c",
      "a@b.co1",
      "a@@b.co",
      "a@b@c.co",
      `${"a".repeat(65)}@b.co`,
      `a@${"b".repeat(64)}.co`,
      `a@${"b.".repeat(130)}co`,
      "jo\u0000@b.co",
      "jo@b.co\n",
      "jo @b.co",
    ]) {
      expect(isValidEmail(address), address).toBe(false);
    }
  });
  it("is the rule of every form: consultation, guide, bill", () => {
    const bad = "a@b..co";
    expect(validateWith(consultationSchema, { name: "Jo", email: bad }).ok).toBe(false);
    expect(validateWith(guideSchema, { name: "Jo", email: bad, industryType: "agriculture" }).ok).toBe(false);
    expect(validateWith(billSchema, { businessName: "Acme", contactPerson: "Jo", email: bad }).ok).toBe(false);
  });
});

describe("control characters", () => {
  it("are found in single-line text; tab and line breaks are allowed in multi-line text", () => {
    for (const text of ["Jo\u0000hn", "a\u0007", "a\u007f", "a\u0085", "x\u202Ey", "x\u2066y", "a\u2028b", "a\nb"]) {
      expect(hasControlCharacters(text), JSON.stringify(text)).toBe(true);
    }
    expect(hasControlCharacters("Line one\nline two\ttab\r\n", true)).toBe(false);
    expect(hasControlCharacters("Line\u0000", true)).toBe(true);
    expect(hasControlCharacters("José Ñúñez – 東京 عربى 🙂")).toBe(false);
  });
  it("can be removed from values nobody typed", () => {
    expect(withoutControlCharacters("utm\u0000_x\u202E")).toBe("utm_x");
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (raw) => !hasControlCharacters(withoutControlCharacters(raw))),
    );
  });
  it("give each free-text field its own message, and nothing is accepted", () => {
    const consultation = validateWith(consultationSchema, {
      name: "Jo\u0000hn",
      email: "jo@b.co",
      question: "Hi\u0000",
    });
    expect(consultation).toEqual({
      ok: false,
      errors: { name: controlCharacterMessage("Name"), question: controlCharacterMessage("Your question") },
    });
    expect(validateWith(consultationSchema, { name: "Jo", email: "jo@b.co", question: "Line 1\nLine 2" }).ok).toBe(
      true,
    );
    const guide = validateWith(guideSchema, { name: "Jo\u0000", email: "jo@b.co", industryType: "agriculture" });
    expect(guide).toEqual({ ok: false, errors: { name: controlCharacterMessage("Name") } });
    const bill = validateWith(billSchema, { businessName: "Acme\u202E", contactPerson: "J\u0000o", email: "jo@b.co" });
    expect(bill).toEqual({
      ok: false,
      errors: {
        businessName: controlCharacterMessage("Business name"),
        contactPerson: controlCharacterMessage("Contact person name"),
      },
    });
  });
});
