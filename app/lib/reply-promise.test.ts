import { describe, expect, it } from "vitest";
import { withReplyPromise } from "./reply-promise";

describe("the reply time a page promises", () => {
  it("says the business's own number of hours", () => {
    expect(withReplyPromise("Get a custom quote within 24 hours.", 48)).toBe("Get a custom quote within 48 hours.");
    expect(withReplyPromise("Within 24 hours you receive a savings estimate.", 1)).toBe(
      "Within 1 hour you receive a savings estimate.",
    );
  });
  it("promises no time when none is set, and the sentence still reads", () => {
    expect(withReplyPromise("Get a custom quote within 24 hours.", null)).toBe("Get a custom quote.");
    expect(withReplyPromise("Free, no pressure, a reply within 24 hours.", null)).toBe("Free, no pressure, a reply.");
    expect(withReplyPromise("Within 24 hours you receive a savings estimate.", null)).toBe(
      "You receive a savings estimate.",
    );
    expect(
      withReplyPromise("An advisor will reply by email or phone within 24 hours, including the incentives.", undefined),
    ).toBe("An advisor will reply by email or phone, including the incentives.");
    expect(withReplyPromise("No promise here.", null)).toBe("No promise here.");
  });
});
