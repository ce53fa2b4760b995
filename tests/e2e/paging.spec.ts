import type { Locator, Page } from "@playwright/test";
import { federalIncentiveSeed } from "../../app/content/seed/federal-incentives";
import { policyUpdateSeed } from "../../app/content/seed/policy-updates";
import { stateIncentiveSeed } from "../../app/content/seed/state-incentives";
import { expect, expectNoAxeViolations, gotoReady, tabTo, test } from "./fixtures";

/**
 * Paged lists: /incentives shows 24 cards a page and /policy-watch 20 updates, with
 * Previous and Next links reachable from the keyboard that keep the filters in the URL.
 */
const PAGE_SIZE = 24;

const cards = (page: Page) => page.getByTestId("incentive-grid").getByRole("listitem");
const pager = (page: Page, name: string) => page.getByRole("navigation", { name });

/** Tabs to a pager's link: past the page's header, filters and a page of cards. */
const tabToPager = (page: Page, target: Locator) => tabTo(page, target, 200);

test("the incentive pages: Next and Previous from the keyboard, filters kept, every card once", async ({ page }) => {
  // Up to a hundred Tab presses a page, each awaited, over several pages: on a loaded 2-core
  // machine that passed 30 s (seen once). Three times the usual limit, as for a slow test.
  test.slow();
  const state = stateIncentiveSeed.filter((row) => row.type === "State");
  const pages = Math.ceil(state.length / PAGE_SIZE);
  expect(pages).toBeGreaterThan(1);
  await gotoReady(page, "/incentives?type=State");
  await expect(page.getByTestId("incentive-count")).toHaveText(
    `Showing 1–${PAGE_SIZE} of ${state.length} incentives · State`,
  );
  const nav = pager(page, "Incentive pages");
  await expect(nav).toContainText(`Page 1 of ${pages}`);
  await expect(nav.getByRole("link", { name: "Previous page" })).toHaveCount(0);
  const seen = new Set(await cards(page).getByRole("heading", { level: 3 }).allTextContents());

  for (let number = 2; number <= pages; number++) {
    const next = pager(page, "Incentive pages").getByRole("link", { name: "Next page" });
    await tabToPager(page, next);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/incentives\\?type=State&page=${number}$`));
    await expect(pager(page, "Incentive pages")).toContainText(`Page ${number} of ${pages}`);
    // The filter stays selected and no card repeats one of an earlier page.
    await expect(page.getByRole("link", { name: "State", exact: true })).toHaveAttribute("aria-current", "true");
    for (const title of await cards(page).getByRole("heading", { level: 3 }).allTextContents()) {
      expect(seen.has(title), title).toBe(false);
      seen.add(title);
    }
  }
  expect(seen.size).toBe(state.length);
  await expect(pager(page, "Incentive pages").getByRole("link", { name: "Next page" })).toHaveCount(0);
  await expectNoAxeViolations(page);

  const previous = pager(page, "Incentive pages").getByRole("link", { name: "Previous page" });
  await tabToPager(page, previous);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/incentives\\?type=State${pages - 1 > 1 ? `&page=${pages - 1}` : ""}$`));
});

test("a search is paged with its words kept, and a new search starts at page 1", async ({ page }) => {
  await gotoReady(page, "/incentives?q=solar");
  const total = Number(
    /of (\d+) incentives/.exec((await page.getByTestId("incentive-count").textContent()) ?? "")?.[1],
  );
  expect(total).toBeGreaterThan(PAGE_SIZE);
  await pager(page, "Incentive pages").getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(/\/incentives\?q=solar&page=2$/);
  await expect(page.getByPlaceholder("Search incentives...")).toHaveValue("solar");
  await expect(page.getByTestId("incentive-count")).toContainText(`Showing ${PAGE_SIZE + 1}–`);
  await expect(page.getByTestId("incentive-count")).toContainText("matching “solar”");

  await page.getByPlaceholder("Search incentives...").fill("net metering");
  await page.getByPlaceholder("Search incentives...").press("Enter");
  await expect(page).toHaveURL(/\/incentives\?q=net\+metering$/);
  await expect(cards(page).first()).toContainText(/net metering/i);
  // A type chosen on a later page starts again at page 1 too.
  await gotoReady(page, "/incentives?page=2");
  await page
    .getByRole("navigation", { name: "Filter by type" })
    .getByRole("link", { name: "Federal", exact: true })
    .click();
  await expect(page).toHaveURL(/\/incentives\?type=Federal$/);
  await expect(cards(page)).toHaveCount(federalIncentiveSeed.length);
  await expect(pager(page, "Incentive pages")).toHaveCount(0);
});

test("a page past the end shows the last page; nothing found keeps the spec's text", async ({ page }) => {
  const all = federalIncentiveSeed.length + stateIncentiveSeed.length;
  const last = Math.ceil(all / PAGE_SIZE);
  await gotoReady(page, "/incentives?page=999");
  await expect(page.getByTestId("incentive-count")).toHaveText(
    `Showing ${(last - 1) * PAGE_SIZE + 1}–${all} of ${all} incentives`,
  );
  await gotoReady(page, "/incentives?q=no+such+program+anywhere&page=2");
  await expect(page.getByText("No incentives found matching your criteria.")).toBeVisible();
  await expect(pager(page, "Incentive pages")).toHaveCount(0);
});

test("Policy Watch pages newest first, from the keyboard", async ({ page }) => {
  test.slow(); // Tab presses through a long page, as above.
  await gotoReady(page, "/policy-watch");
  const nav = pager(page, "Policy update pages");
  await expect(nav).toContainText("Page 1 of 2");
  const first = await page.getByTestId("policy-updates").getByRole("heading", { level: 2 }).allTextContents();
  await tabToPager(page, nav.getByRole("link", { name: "Next page" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/policy-watch\?page=2$/);
  const second = await page.getByTestId("policy-updates").getByRole("heading", { level: 2 }).allTextContents();
  expect([...first, ...second].sort()).toEqual(policyUpdateSeed.map((row) => row.title).sort());
  await expect(page.getByTestId("policy-count")).toHaveText(
    `Showing 21–${policyUpdateSeed.length} of ${policyUpdateSeed.length} policy updates`,
  );
  await expectNoAxeViolations(page);
  await tabToPager(page, pager(page, "Policy update pages").getByRole("link", { name: "Previous page" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/policy-watch$/);
});
