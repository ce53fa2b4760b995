// @vitest-environment happy-dom
import { act } from "react";
import { createRoot } from "react-dom/client";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { LeadListRow } from "~/lib/lead-workspace";
import { LeadTable } from "./lead-table";

const row = (n: number): LeadListRow => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  kind: "consultation",
  businessName: null,
  contactName: `Lead ${n}`,
  email: `lead${n}@example.com`,
  phone: null,
  monthlyBill: null,
  hasFile: false,
  status: "new",
  submittedAt: "2026-11-20T12:00:00.000Z",
  ownerId: null,
  ownerName: null,
  ownerLeft: false,
  nextStepOn: null,
  nextStep: null,
  estimate: null,
});

let matching = 0;
function List() {
  return (
    <form id="bulk-assign">
      <LeadTable
        rows={[row(1), row(2)]}
        timeZone="America/New_York"
        back="q=lead"
        today="2026-11-23"
        now="2026-11-23T12:00:00.000Z"
        replyHours={24}
        sort="newest"
        sortHref={(sort) => `?sort=${sort}`}
        matching={matching}
        query="q=lead"
      />
    </form>
  );
}

let root: ReturnType<typeof createRoot> | null = null;
afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = "";
});

const Stub = createRoutesStub([{ path: "/admin/leads", Component: List }]);

async function renderList(count: number) {
  matching = count;
  const host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root?.render(<Stub initialEntries={["/admin/leads"]} />));
  const all = document.querySelector<HTMLInputElement>('input[aria-label="Select all leads on this page"]');
  await act(async () => all?.click());
  return document.body;
}

describe("all N matching", () => {
  it("is offered once the page is ticked, and then sends the list's query with the bulk form", async () => {
    const page = await renderList(120);
    expect(page.textContent).toContain("All 2 on this page are selected.");
    const choose = [...page.querySelectorAll("button")].find(
      (button) => button.textContent === "Select all 120 matching",
    );
    await act(async () => choose?.click());
    expect(page.textContent).toContain("All 120 matching leads are selected.");
    const field = page.querySelector<HTMLInputElement>('input[name="matching"]');
    expect(field?.value).toBe("q=lead");
    expect(field?.getAttribute("form")).toBe("bulk-assign");
    await act(async () => page.querySelector<HTMLInputElement>('table input[name="lead"]')?.click());
    expect(page.querySelector('input[name="matching"]')).toBeNull();
  });

  it("is not offered when the page holds every match, nor beyond the most one action takes", async () => {
    expect((await renderList(2)).textContent).not.toContain("on this page are selected");
    act(() => root?.unmount());
    const page = await renderList(9_000);
    expect(page.textContent).toContain("9,000 match: narrow the filters");
    expect(page.querySelector('input[name="matching"]')).toBeNull();
  });
});
