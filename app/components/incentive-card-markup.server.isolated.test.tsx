import { renderToStaticMarkup } from "react-dom/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { IncentiveCardData } from "~/lib/incentive-card-data";
import { attachedMarkup } from "~/lib/rendered-markup";
import { IncentiveCard } from "./incentive-card";
import { incentiveCardMarkup, withCardMarkup } from "./incentive-card-markup.server";

const renders = vi.hoisted(() => ({ count: 0 }));
vi.mock("react-dom/server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("react-dom/server")>();
  return {
    ...actual,
    renderToStaticMarkup: (...args: Parameters<typeof actual.renderToStaticMarkup>) => {
      renders.count++;
      return actual.renderToStaticMarkup(...args);
    },
  };
});

let serial = 0;
/** The store is per process, so this card must be one no other test rendered. */
function card(overrides: Partial<IncentiveCardData> = {}): IncentiveCardData & { slug: string } {
  serial++;
  return {
    slug: `program-${serial}`,
    title: `Dairy Solar Grant ${serial} <b>&</b>`,
    description: "Pays part of a barn roof system.",
    type: "State",
    state: "WI",
    status: "Active",
    endLabel: "Available through December 31, 2027",
    value: "Up to $50,000",
    link: "https://www.example.gov/grant",
    sourcesHref: `/sources#program-${serial}`,
    lastReviewedAt: "2026-11-02",
    ...overrides,
  };
}

beforeEach(() => {
  renders.count = 0;
});

describe("incentiveCardMarkup", () => {
  it("is React's own render of the card, escaped as React escapes", () => {
    const data = card();
    const html = incentiveCardMarkup(data);
    expect(html).toBe(renderToStaticMarkup(<IncentiveCard incentive={data} />));
    expect(html).toContain("&lt;b&gt;&amp;&lt;/b&gt;");
    expect(html).not.toContain("<b>");
  });

  it("renders a card once, however many pages show it", () => {
    const data = card();
    const first = incentiveCardMarkup(data);
    const again = incentiveCardMarkup({ ...data });
    expect(again).toBe(first);
    expect(renders.count).toBe(1);
  });

  it("never shows an edited card as it was: any change to what it shows renders it anew", () => {
    const data = card();
    incentiveCardMarkup(data);
    const edits: Partial<IncentiveCardData>[] = [
      { value: "Up to $75,000" },
      { status: "Expired", endLabel: "Ended June 30, 2026" },
      { title: "Dairy Solar Grant (renamed)" },
      { lastReviewedAt: "2026-11-20" },
      { link: "https://www.example.gov/new-page" },
    ];
    const shown = edits.map((edit) => incentiveCardMarkup({ ...data, ...edit }));
    expect(renders.count).toBe(1 + edits.length);
    edits.forEach((edit, index) => {
      expect(shown[index]).toBe(renderToStaticMarkup(<IncentiveCard incentive={{ ...data, ...edit }} />));
      expect(shown[index]).not.toBe(incentiveCardMarkup(data));
    });
  });
});

describe("withCardMarkup", () => {
  it("attaches the HTML to that very object, for the page's render, and to no copy of it", () => {
    const data = withCardMarkup(card());
    expect(attachedMarkup(data)).toBe(incentiveCardMarkup(data));
    expect(attachedMarkup({ ...data })).toBeUndefined();
  });
});
