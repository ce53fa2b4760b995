import { describe, expect, it } from "vitest";
import { bannerVersion } from "./banner-version";

const shown = { content: "Credits end December 31, 2027.", ctaLabel: "Get a quote", ctaLink: "/submit-bill" };

describe("bannerVersion", () => {
  it("is the same for the same banner", () => {
    expect(bannerVersion({ ...shown })).toBe(bannerVersion(shown));
  });

  it("changes when the text, the button label or the link changes", () => {
    const versions = new Set([
      bannerVersion(shown),
      bannerVersion({ ...shown, content: "Credits end soon." }),
      bannerVersion({ ...shown, ctaLabel: "Talk to us" }),
      bannerVersion({ ...shown, ctaLink: "/talk-to-solar-advisor" }),
    ]);
    expect(versions.size).toBe(4);
  });
});
