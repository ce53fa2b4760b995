import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { controlCharacterMessage } from "./common";
import { staffProfileSchema } from "./staff-forms";

const parse = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return parseWithZod(form, { schema: staffProfileSchema });
};
const errorsOf = (fields: Record<string, string>) => {
  const submission = parse(fields);
  return submission.status === "error" ? submission.error : null;
};

describe("My account's name and signature", () => {
  it("refuses a missing, over-long or control-character name and an over-long signature, each with its message", () => {
    expect(errorsOf({ name: "   " })).toEqual({ name: ["Enter your name."] });
    expect(errorsOf({ name: "x".repeat(81) })).toEqual({ name: ["Keep the name under 80 characters."] });
    expect(errorsOf({ name: "Alex\u202ERivera" })).toEqual({ name: [controlCharacterMessage("Your name")] });
    expect(errorsOf({ name: "Alex", signature: "s".repeat(501) })).toEqual({
      signature: ["Keep the signature under 500 characters."],
    });
    expect(errorsOf({ name: "Alex", signature: "Alex\u0000" })).toEqual({
      signature: [controlCharacterMessage("The signature")],
    });
  });

  it("keeps a trimmed name and a multi-line signature with LF line breaks; an empty signature is none", () => {
    const saved = parse({ name: "  Alex Rivera ", signature: " Alex Rivera\r\nSenior advisor\r\n(415) 210-1078\n" });
    expect(saved.status === "success" && saved.value).toEqual({
      name: "Alex Rivera",
      signature: "Alex Rivera\nSenior advisor\n(415) 210-1078",
    });
    // 500 characters counted as the browser counts them: a posted CRLF is one line break.
    const full = `${"a".repeat(249)}\r\n${"b".repeat(250)}`;
    expect(parse({ name: "Alex", signature: full }).status).toBe("success");
    const none = parse({ name: "Alex", signature: "" });
    expect(none.status === "success" && none.value).toEqual({ name: "Alex" });
  });
});
