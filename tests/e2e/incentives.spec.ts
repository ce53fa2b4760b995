import { builtInBlocks } from "../../app/content/content-blocks";
import { federalIncentiveSeed } from "../../app/content/seed/federal-incentives";
import { policyUpdateSeed } from "../../app/content/seed/policy-updates";
import { stateIncentiveSeed } from "../../app/content/seed/state-incentives";
import { states } from "../../app/content/states";
import { policyStatus } from "../../app/lib/content-status";
import { E2E_TODAY } from "../e2e-clock";
import { expect, expectNoAxeViolations, gotoReady, test } from "./fixtures";

const cards = (page: import("@playwright/test").Page) => page.getByTestId("incentive-grid").getByRole("listitem");

/** Cards on one page of /incentives (app/routes/incentives.tsx INCENTIVES_PAGE_SIZE). */
const PAGE_SIZE = 24;
const ALL = federalIncentiveSeed.length + stateIncentiveSeed.length;

test.describe("/incentives", () => {
  test("lists the incentives a page at a time, links to the states, and calls to /submit-bill", async ({ page }) => {
    await gotoReady(page, "/incentives");
    await expect(page.getByRole("link", { name: "Browse Incentives by State" })).toHaveAttribute(
      "href",
      "/incentives/states",
    );
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
    await expect(page.getByTestId("incentive-count")).toHaveText(`Showing 1–${PAGE_SIZE} of ${ALL} incentives`);
    await expect(page.getByPlaceholder("Search incentives...")).toBeVisible();
    await expect(page.getByRole("link", { name: "Get My Custom Solar Quote" }).last()).toHaveAttribute(
      "href",
      "/submit-bill",
    );
    // Every card names its source and the day it was last checked.
    await expect(cards(page).filter({ hasText: /Source:/ })).toHaveCount(PAGE_SIZE);
    await expect(cards(page).filter({ hasText: /Last reviewed [A-Z][a-z]+ \d{1,2}, \d{4}/ })).toHaveCount(PAGE_SIZE);
    const external = page
      .getByTestId("incentive-grid")
      .getByRole("link", { name: /irs\.gov/ })
      .first();
    await expect(external).toHaveAttribute("target", "_blank");
    await expect(external).toHaveAttribute("rel", /noopener/);
    await expect(external).toHaveAttribute("rel", /noreferrer/);
    await expectNoAxeViolations(page);
  });

  test("type filters and search combine, in the URL", async ({ page }) => {
    await gotoReady(page, "/incentives");
    await page
      .getByRole("navigation", { name: "Filter by type" })
      .getByRole("link", { name: "Federal", exact: true })
      .click();
    await expect(page).toHaveURL(/\/incentives\?type=Federal$/);
    await expect(cards(page)).toHaveCount(federalIncentiveSeed.length);
    await expect(page.getByRole("link", { name: "Federal", exact: true })).toHaveAttribute("aria-current", "true");

    await page.getByPlaceholder("Search incentives...").fill("DEPRECIATION");
    await page.getByPlaceholder("Search incentives...").press("Enter");
    await expect(page).toHaveURL(/type=Federal&q=DEPRECIATION/);
    const expected = federalIncentiveSeed.filter((row) => /depreciation/i.test(`${row.title} ${row.description}`));
    await expect(cards(page)).toHaveCount(expected.length);

    await page.getByRole("link", { name: "Utility", exact: true }).click();
    await expect(page).toHaveURL(/type=Utility&q=DEPRECIATION/);
    await expect(page.getByText("No incentives found matching your criteria.")).toBeVisible();
  });

  test("state and utility cards carry their badges", async ({ page }) => {
    await gotoReady(page, "/incentives?type=State&q=NY-Sun");
    await expect(cards(page).first()).toContainText("State – NY");
    await gotoReady(page, "/incentives?type=Utility");
    const utility = stateIncentiveSeed.find((row) => row.type === "Utility");
    await expect(cards(page).first()).toContainText(`Utility - ${utility?.state}`);
  });

  test("a filtered view fetched without JavaScript holds exactly the filtered cards", async ({ request }) => {
    const html = await (await request.get("/incentives?type=State&q=solar")).text();
    const expected = stateIncentiveSeed.filter(
      (row) => row.type === "State" && /solar/i.test(`${row.title} ${row.description}`),
    );
    expect(expected.length).toBeGreaterThan(PAGE_SIZE);
    expect(html.match(/data-testid="incentive-grid"[\s\S]*?<\/ul>/)?.[0].match(/<li[\s>]/g)).toHaveLength(PAGE_SIZE);
    expect(html).toContain(`Showing 1–${PAGE_SIZE} of ${expected.length} incentives · State · matching “solar”`);
    const text = (value: string) => value.replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
    const titles = [...html.matchAll(/<h3[^>]*>([^<]+)<\/h3>/g)].map((match) => text(match[1] as string));
    expect(titles).toHaveLength(PAGE_SIZE);
    const expectedTitles = new Set(expected.map((row) => row.title));
    for (const title of titles) expect(expectedTitles.has(title), title).toBe(true);
    // The second page holds the rest, with a link back that keeps the filters.
    const second = await (await request.get("/incentives?type=State&q=solar&page=2")).text();
    expect(second.match(/data-testid="incentive-grid"[\s\S]*?<\/ul>/)?.[0].match(/<li[\s>]/g)).toHaveLength(
      Math.min(PAGE_SIZE, expected.length - PAGE_SIZE),
    );
    expect(second).toContain('href="/incentives?type=State&amp;q=solar" rel="prev"');
    // Structured data only on the canonical list: a filtered or later page is not indexed as itself.
    expect(html).not.toContain('"@type":"ItemList"');
    expect(second).not.toContain('"@type":"ItemList"');
    const canonical = await (await request.get("/incentives")).text();
    expect(canonical).toContain('"@type":"ItemList"');
    // Our advice is free: one $0 offer, not the spec's $0–$500,000 range (docs/content-deviations.md).
    expect(canonical).toContain('"offers":{"@type":"Offer","price":0');
    expect(canonical).not.toContain("highPrice");
  });
});

test.describe("/incentives/states", () => {
  test("a grid of the 50 states, searchable, with expert guidance", async ({ page }) => {
    await gotoReady(page, "/incentives/states");
    const tiles = page.getByTestId("state-grid").getByRole("link");
    await expect(tiles).toHaveCount(50);
    await expect(page.getByRole("link", { name: /New York/ })).toHaveAttribute("href", "/incentives/states/ny");
    await expect(page.getByRole("link", { name: "Get Expert Guidance" })).toHaveAttribute(
      "href",
      "/talk-to-solar-advisor",
    );

    await page.getByPlaceholder("Search states...").fill("NEW");
    await page.getByPlaceholder("Search states...").press("Enter");
    await expect(tiles).toHaveCount(4);
    await page.getByPlaceholder("Search states...").fill("atlantis");
    await page.getByPlaceholder("Search states...").press("Enter");
    await expect(page.getByText('No states found matching "atlantis"')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe("a state page", () => {
  test("federal incentives first, then the state's by priority, and a call to an advisor", async ({ page }) => {
    await gotoReady(page, "/incentives/states/ny");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Solar Incentives in New York");
    const headings = await page.getByRole("heading", { level: 2 }).allTextContents();
    expect(headings.indexOf("Federal incentives")).toBeLessThan(headings.indexOf("New York incentives"));
    const federalTitles = [...federalIncentiveSeed]
      .sort((a, b) => (a.priority ?? 0) - (b.priority ?? 0) || a.title.localeCompare(b.title))
      .map((row) => row.title);
    await expect(page.getByTestId("federal-incentives").getByRole("heading", { level: 3 })).toHaveText(federalTitles);
    const nyTitles = stateIncentiveSeed
      .filter((row) => row.state === "NY")
      .sort((a, b) => (a.priority ?? 0) - (b.priority ?? 0) || a.title.localeCompare(b.title))
      .map((row) => row.title);
    await expect(page.getByTestId("state-incentives").getByRole("heading", { level: 3 })).toHaveText(nyTitles);
    await expect(page.getByRole("link", { name: "Talk to a Solar Advisor" })).toHaveAttribute(
      "href",
      "/talk-to-solar-advisor",
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/incentives\/states\/ny$/);
    await expectNoAxeViolations(page);
  });

  test("an upper-case code redirects; an unknown one answers 404 with Invalid state", async ({ page, request }) => {
    const upper = await request.get("/incentives/states/NY", { maxRedirects: 0 });
    expect(upper.status()).toBe(301);
    expect(upper.headers().location).toBe("/incentives/states/ny");
    const response = await page.goto("/incentives/states/zz");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Invalid state" })).toBeVisible();
  });

  test("every one of the 50 states has at least one incentive of its own and its page renders", async ({ request }) => {
    for (const state of states) {
      const response = await request.get(`/incentives/states/${state.code.toLowerCase()}`);
      expect(response.status(), state.name).toBe(200);
      const html = await response.text();
      expect(html, state.name).toContain(`Solar Incentives in ${state.name}`);
      expect(html, state.name).toContain('data-testid="state-incentives"');
    }
  });
});

test.describe("/policy-watch", () => {
  test("the red banner, updates newest first, and the call to /submit-bill", async ({ page }) => {
    await gotoReady(page, "/policy-watch");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Solar Incentive Policy Watch");
    // The spec's "The 30% Federal Tax Credit may be under review." is no longer true (the credit was
    // cut by law): the same red banner carries the true text (docs/content-deviations.md).
    await expect(page.getByRole("region", { name: "Alert" })).toContainText(builtInBlocks.policy_watch_alert.content);
    await expect(page.getByRole("link", { name: "See current incentives" })).toHaveAttribute("href", "/incentives");
    const dates = await page
      .getByTestId("policy-updates")
      .locator("time")
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("datetime") ?? ""));
    // Paged: the newest 20 (app/routes/policy-watch.tsx POLICY_UPDATES_PAGE_SIZE), then the rest.
    expect(dates).toHaveLength(Math.min(20, policyUpdateSeed.length));
    expect(dates).toEqual([...dates].sort().reverse());
    await expect(page.getByTestId("policy-count")).toHaveText(
      `Showing 1–${dates.length} of ${policyUpdateSeed.length} policy updates`,
    );
    await page
      .getByRole("navigation", { name: "Policy update pages" })
      .getByRole("link", { name: "Next page" })
      .click();
    await expect(page).toHaveURL(/\/policy-watch\?page=2$/);
    const older = await page
      .getByTestId("policy-updates")
      .locator("time")
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("datetime") ?? ""));
    expect(older).toHaveLength(policyUpdateSeed.length - dates.length);
    expect((older[0] ?? "") <= (dates.at(-1) ?? "")).toBe(true);
    await expect(page.getByRole("link", { name: "Get My Custom Solar Quote" }).last()).toHaveAttribute(
      "href",
      "/submit-bill",
    );
    await expectNoAxeViolations(page);
  });

  test("status, level and text filters combine; no match shows the spec's text", async ({ page }) => {
    await gotoReady(page, "/policy-watch");
    await page.getByLabel("Status").selectOption("Expired");
    await page.getByLabel("Level").selectOption("Federal");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/status=Expired/);
    // The status shown is decided by the date (the server's clock is pinned to E2E_TODAY).
    const expected = policyUpdateSeed.filter(
      (row) => policyStatus(row, E2E_TODAY) === "Expired" && row.level === "Federal",
    );
    await expect(page.getByTestId("policy-updates").getByRole("listitem")).toHaveCount(expected.length);

    await page.getByLabel("Search").fill("no such words anywhere");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page.getByText("No policy updates found matching your criteria.")).toBeVisible();
  });
});

test("on a desktop a card shows its value, text and source at once (a phone opens them)", async ({ page }) => {
  await page.goto("/incentives?type=Federal");
  const card = page.locator(".incentive-card").filter({ hasText: "Clean Electricity Investment Tax Credit" });
  await expect(card.getByText("Value:")).toBeVisible();
  await expect(card.getByRole("link", { name: /irs\.gov/ })).toBeVisible();
  await expect(card.getByText("Value and details")).toBeHidden();
});
