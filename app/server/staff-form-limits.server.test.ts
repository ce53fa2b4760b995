import { parseWithZod } from "@conform-to/zod/v4";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { CONTENT_KINDS, contentFields, industrySchema } from "~/lib/content-schemas";
import { log } from "./log.server";
import {
  CONTENT_FORM_LIMITS,
  MAX_FIELD_NAME_LENGTH,
  PLAIN_STAFF_FORM_LIMITS,
  STAFF_FORM_MESSAGES,
  staffFormProblem,
} from "./staff-form-limits.server";

vi.spyOn(log, "info").mockImplementation(() => {});

const industry = CONTENT_FORM_LIMITS.industry;
const LISTS = Object.keys(industry.lists);
const ITEM_FIELDS: Record<string, readonly string[]> = Object.fromEntries(
  contentFields("industry")
    .filter((spec) => spec.input === "list")
    .map((spec) => [spec.name, (spec.item ?? []).map((item) => item.name)]),
);

function formOf(entries: readonly (readonly [string, string])[]): FormData {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
}

const check = (entries: readonly (readonly [string, string])[], limits = industry) =>
  staffFormProblem(formOf(entries), limits);

function fullestIndustryForm(): [string, string][] {
  const entries: [string, string][] = [["intent", "save"]];
  for (const name of contentFields("industry").filter((spec) => spec.input !== "list" && spec.input !== "readonly")) {
    entries.push([name.name, "x"]);
  }
  for (const [list, max] of Object.entries(industry.lists)) {
    for (let index = 0; index <= max; index++) {
      for (const field of ITEM_FIELDS[list] ?? []) entries.push([`${list}[${index}].${field}`, "x"]);
    }
  }
  return entries;
}

describe("the content editor's caps", () => {
  it("follow each kind's schema: a list's highest index is its most items, as the form shows them", () => {
    expect(industry.lists).toEqual({
      benefits: 8,
      incentives: 10,
      useCases: 8,
      caseStudyMetrics: 6,
      faq: 12,
      sources: 8,
    });
    for (const kind of CONTENT_KINDS) {
      const specs = contentFields(kind).filter((spec) => spec.input === "list");
      expect(CONTENT_FORM_LIMITS[kind].lists).toEqual(
        Object.fromEntries(specs.map((spec) => [spec.name, spec.maxItems])),
      );
      for (const list of Object.values(CONTENT_FORM_LIMITS[kind].lists)) expect(list).toBeLessThanOrEqual(50);
    }
    expect(industry.maxFields).toBe(322);
    expect(CONTENT_FORM_LIMITS.incentive).toEqual({ lists: { sources: 8, calculatorTerms: 1 }, maxFields: 150 });
  });

  it("accept the fullest form an editor can send (every list one row over its most)", () => {
    const entries = fullestIndustryForm();
    expect(entries.length).toBeLessThan(industry.maxFields / 2 + 1);
    expect(check(entries)).toBeNull();
    // The schema, not the cap, tells the editor a list is one row over.
    const submission = parseWithZod(formOf(entries), { schema: industrySchema });
    expect(submission.status).toBe("error");
    if (submission.status === "success") return;
    expect(submission.error?.benefits).toEqual(["Benefits: at most 8 items."]);
  });

  it("refuse a row index above the list's most items, however it is written", () => {
    for (const index of ["9", "13", "1000", "99999999", "99999999999999999999", "1e3", "9".repeat(400)]) {
      const problem = check([
        ["title", "x"],
        [`benefits[${index}].title`, "x"],
      ]);
      expect(problem, index).not.toBeNull();
    }
    expect(check([["benefits[1000].title", "x"]])).toBe(STAFF_FORM_MESSAGES.tooManyRows);
    expect(check([["benefits[99999999999999999999].title", "x"]])).toBe(STAFF_FORM_MESSAGES.tooManyRows);
    expect(check([["faq[12].question", "x"]])).toBeNull();
    expect(check([["faq[13].question", "x"]])).toBe(STAFF_FORM_MESSAGES.tooManyRows);
  });

  it("refuse indexes our forms never write: leading zeros, signs, empty, nested, on other fields", () => {
    for (const name of [
      "benefits[00].title",
      "benefits[007].title",
      "benefits[-1].title",
      "benefits[+1].title",
      "benefits[ 1].title",
      "benefits[].title",
      "benefits[]",
      "benefits[0][1]",
      "benefits[0].title[1]",
      "benefits[0]title",
      "benefits[0]..title",
      "[0]",
      "title[0]",
      "constructor[0]",
      "__proto__[0].x",
      "benefits]0[",
      "benefits[0",
    ]) {
      expect(check([[name, "x"]]), name).toBe(STAFF_FORM_MESSAGES.unreadable);
    }
    expect(check([["benefits[0]", "x"]])).toBeNull();
    expect(check([["x".repeat(MAX_FIELD_NAME_LENGTH + 1), "x"]])).toBe(STAFF_FORM_MESSAGES.unreadable);
    expect(check([["__state__", "{}"]])).toBe(STAFF_FORM_MESSAGES.unreadable);
  });

  it("refuse more fields than the cap, known names or not", () => {
    const many = (n: number) => Array.from({ length: n }, () => ["title", "x"] as const);
    expect(check(many(industry.maxFields))).toBeNull();
    expect(check(many(industry.maxFields + 1))).toBe(STAFF_FORM_MESSAGES.tooManyFields);
    expect(check(many(100_000))).toBe(STAFF_FORM_MESSAGES.tooManyFields);
    expect(check(many(151), CONTENT_FORM_LIMITS.incentive)).toBe(STAFF_FORM_MESSAGES.tooManyFields);
  });

  it("accept a list button's insert or remove, and refuse any other intent", () => {
    const intent = (value: unknown) => check([["__intent__", JSON.stringify(value)]]);
    expect(intent({ type: "insert", payload: { name: "benefits" } })).toBeNull();
    expect(intent({ type: "remove", payload: { name: "faq", index: 12 } })).toBeNull();
    expect(intent({ type: "insert", payload: { name: "faq", index: 3 } })).toBeNull();
    expect(intent({ type: "remove", payload: { name: "faq", index: 13 } })).toBe(STAFF_FORM_MESSAGES.tooManyRows);
    expect(intent({ type: "insert", payload: { name: "faq", index: 1e20 } })).toBe(STAFF_FORM_MESSAGES.tooManyRows);
    for (const refused of [
      { type: "insert", payload: { name: "benefits[99999999]" } },
      { type: "insert", payload: { name: "title" } },
      { type: "insert", payload: { name: "benefits", defaultValue: Array(50).fill({}) } },
      { type: "remove", payload: { name: "benefits" } },
      { type: "remove", payload: { name: "benefits", index: -1 } },
      { type: "remove", payload: { name: "benefits", index: 1.5 } },
      { type: "remove", payload: { name: "benefits", index: "1" } },
      { type: "update", payload: { name: "benefits", index: 99999999, value: "x" } },
      { type: "reorder", payload: { name: "benefits", from: 0, to: 99999999 } },
      { type: "reset", payload: {} },
      { type: "validate", payload: { name: "title" } },
      { type: "insert" },
      null,
      [],
      "insert",
    ]) {
      expect(intent(refused), JSON.stringify(refused)).not.toBeNull();
    }
    expect(check([["__intent__", "{not json"]])).toBe(STAFF_FORM_MESSAGES.unreadable);
    const file = new FormData();
    file.append("__intent__", new Blob(["{}"]), "intent.json");
    expect(staffFormProblem(file, industry)).toBe(STAFF_FORM_MESSAGES.unreadable);
  });

  it("never let conform build a list longer than its most items plus one, for any form it accepts", () => {
    const segment = fc.oneof(
      fc.constantFrom(...LISTS, "title", "icon", "x", "__proto__", "constructor"),
      fc.stringMatching(/^[a-z.]{0,6}$/),
    );
    const index = fc.oneof(
      fc.nat({ max: 15 }).map(String),
      fc.bigInt({ min: 0n, max: 10n ** 30n }).map(String),
      fc.stringMatching(/^0\d{0,5}$/),
      fc.constant(""),
    );
    const name = fc
      .tuple(segment, fc.array(fc.tuple(index, segment), { maxLength: 3 }))
      .map(([head, rest]) => head + rest.map(([i, tail]) => `[${i}]${tail ? `.${tail}` : ""}`).join(""));
    const entries = fc.array(fc.tuple(name, fc.constantFrom("x", "")), { maxLength: 40 });
    fc.assert(
      fc.property(entries, (list) => {
        const problem = check(list);
        if (problem !== null) {
          expect(Object.values(STAFF_FORM_MESSAGES)).toContain(problem);
          return;
        }
        const submission = parseWithZod(formOf(list), { schema: industrySchema });
        const payload = submission.payload as Record<string, unknown>;
        for (const [listName, max] of Object.entries(industry.lists)) {
          const value = payload[listName];
          if (Array.isArray(value)) expect(value.length).toBeLessThanOrEqual(max + 1);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("refuse any index above the most, and accept any up to it, for every list", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LISTS),
        fc.bigInt({ min: 0n, max: 10n ** 25n }),
        fc.constantFrom("", ".title", ".icon"),
        (list, index, tail) => {
          const max = industry.lists[list] ?? 0;
          const problem = check([[`${list}[${index}]${tail}`, "x"]]);
          expect(problem).toBe(index <= BigInt(max) ? null : STAFF_FORM_MESSAGES.tooManyRows);
        },
      ),
    );
  });
});

describe("the caps of forms without lists (sign-in, leads, roles, mail, reviews)", () => {
  it("refuse any index and more than 16 fields; accept the forms as sent", () => {
    expect(
      check(
        [
          ["userId", "u"],
          ["role", "editor"],
        ],
        PLAIN_STAFF_FORM_LIMITS,
      ),
    ).toBeNull();
    expect(
      check(
        [
          ["mode", "login"],
          ["email", "a@b.co"],
          ["password", "x"],
          ["redirectTo", "/admin"],
        ],
        PLAIN_STAFF_FORM_LIMITS,
      ),
    ).toBeNull();
    for (const name of ["email[0]", "role[1]", "benefits[0].title", "body[99999999]"]) {
      expect(check([[name, "x"]], PLAIN_STAFF_FORM_LIMITS), name).toBe(STAFF_FORM_MESSAGES.unreadable);
    }
    const many = (n: number) => Array.from({ length: n }, (_, i) => [`f${i}`, "x"] as const);
    expect(check(many(16), PLAIN_STAFF_FORM_LIMITS)).toBeNull();
    expect(check(many(17), PLAIN_STAFF_FORM_LIMITS)).toBe(STAFF_FORM_MESSAGES.tooManyFields);
    expect(
      check([["__intent__", JSON.stringify({ type: "insert", payload: { name: "x" } })]], PLAIN_STAFF_FORM_LIMITS),
    ).toBe(STAFF_FORM_MESSAGES.unreadable);
  });

  it("read URLSearchParams the same way", () => {
    expect(staffFormProblem(new URLSearchParams("benefits[1000].title=x"), industry)).toBe(
      STAFF_FORM_MESSAGES.tooManyRows,
    );
    expect(staffFormProblem(new URLSearchParams("title=x&benefits[0].title=y"), industry)).toBeNull();
  });
});
