import type { Page } from "@playwright/test";
import {
  decodeHtml,
  expect,
  expectNoAxeViolations,
  gotoReady,
  SPEC_STATE_NAMES,
  test,
  toasts,
  watchSubmission,
} from "./fixtures";

/** Spec sections 2, 4, 5, 8 and 9: the savings calculator. */

const BILL_LABEL = /monthly electric bill/i;

const isCalculator = (url: URL) => url.pathname === "/solar-calculator";

function calculatorForm(page: Page) {
  return page
    .getByRole("main")
    .locator("form")
    .filter({ has: page.getByLabel(BILL_LABEL) });
}

function stateSelect(page: Page) {
  return page.getByRole("combobox", { name: "State", exact: true });
}

async function calculate(page: Page, bill: string, stateName: string) {
  await page.getByLabel(BILL_LABEL).fill(bill);
  await stateSelect(page).selectOption({ label: stateName });
  await page.getByRole("button", { name: "Calculate My Savings" }).click();
}

test("form view: title, labelled fields (bill numeric, minimum 0, step 1; state with the 50 states)", async ({
  page,
}) => {
  await gotoReady(page, "/solar-calculator");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Solar Savings Calculator");
  await expect(page).toHaveTitle(/Solar Savings Calculator/);

  const bill = page.getByLabel(BILL_LABEL);
  await expect(bill).toHaveAttribute("type", "number");
  await expect(bill).toHaveAttribute("min", "0");
  await expect(bill).toHaveAttribute("step", "1");
  await expect(bill).toHaveAttribute("required", "");
  await expect(bill).toHaveValue("");

  const state = stateSelect(page);
  await expect(state).toHaveAttribute("required", "");
  await expect(state).toHaveValue("");
  const options = state.locator("option");
  await expect(options).toHaveCount(51);
  await expect(options.filter({ hasNotText: /^Select/ })).toHaveText([...SPEC_STATE_NAMES]);
  // The value sent is the two-letter code.
  await expect(state.locator("option", { hasText: "California" })).toHaveAttribute("value", "CA");

  await expect(page.getByRole("button", { name: "Calculate My Savings" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("an empty form is blocked by the browser: no request, no result", async ({ page }) => {
  await gotoReady(page, "/solar-calculator");
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && isCalculator(new URL(request.url()))) posts.push(request.url());
  });
  await page.getByRole("button", { name: "Calculate My Savings" }).click();

  const bill = page.getByLabel(BILL_LABEL);
  await expect(bill).toBeFocused();
  expect(await bill.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
  expect(await stateSelect(page).evaluate((select: HTMLSelectElement) => select.validity.valueMissing)).toBe(true);
  await expect(calculatorForm(page)).toBeVisible();
  await expect(page.getByText("Estimated annual savings")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Calculate My Savings" })).toHaveText("Calculate My Savings");
  expect(posts).toEqual([]);
});

test("a plain HTTP POST without values is refused with 400 and both required messages", async ({ request }) => {
  const response = await request.post("/solar-calculator", { form: { monthlyBill: "", state: "" } });
  expect(response.status()).toBe(400);
  const html = decodeHtml(await response.text());
  expect(html).toContain("Monthly energy bill is required.");
  expect(html).toContain("State is required.");
  expect(html).not.toContain("Estimated annual savings");
});

test("server-side errors are shown by their fields, values kept, and pass axe", async ({ page }) => {
  await gotoReady(page, "/solar-calculator");
  // Past the browser's own checks, as a client without them would post.
  await calculatorForm(page).evaluate((form: HTMLFormElement) => {
    form.noValidate = true;
  });
  await page.getByLabel(BILL_LABEL).fill("1200");
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && isCalculator(new URL(r.url()))),
    page.getByRole("button", { name: "Calculate My Savings" }).click(),
  ]);
  expect(response.status()).toBe(400);
  const state = stateSelect(page);
  await expect(state).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("main").getByText("State is required.").first()).toBeVisible();
  await expect(page.getByLabel(BILL_LABEL)).toHaveValue("1200");
  await expect(page.getByText("Estimated annual savings")).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("a valid bill shows the savings breakdown and the success toast", async ({ page }) => {
  await gotoReady(page, "/solar-calculator");
  await calculate(page, "2500", "California");

  const main = page.getByRole("main");
  await expect(main.getByText("Estimated annual savings")).toBeVisible();
  // Spec section 9: total = 70% of the annual bill (30,000); federal = 30% of 8 × the annual bill.
  const total = main.locator("dt", { hasText: "Estimated annual savings" }).locator("xpath=following-sibling::dd[1]");
  await expect(total).toHaveText("$21,000");
  const federal = main.locator("dt", { hasText: "Federal tax credit (30%)" }).locator("xpath=following-sibling::dd[1]");
  await expect(federal).toHaveText("$72,000");
  await expect(main.getByText("Lower Energy Usage Detected")).toHaveCount(0);

  const toast = toasts(page).filter({ hasText: "Calculation Complete!" });
  await expect(toast).toHaveCount(1);
  await expect(toast).toContainText("Your solar savings estimate is ready.");
  await expect(toast).toHaveAttribute("role", "status");

  await expect(main.getByRole("link", { name: "Get My Custom Solar Quote" })).toHaveAttribute("href", "/submit-bill");
  await expect(calculatorForm(page)).toHaveCount(0);
});

test("the savings result view has no axe violations", async ({ page }) => {
  await gotoReady(page, "/solar-calculator");
  await calculate(page, "2500", "California");
  await expect(page.getByText("Estimated annual savings")).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a low bill shows the lower-usage notice and still offers a custom quote", async ({ page }) => {
  await gotoReady(page, "/solar-calculator");
  await calculate(page, "300", "Texas");

  const main = page.getByRole("main");
  await expect(main.getByText("Lower Energy Usage Detected")).toBeVisible();
  await expect(main.getByText(/\$500 or\s+more per month/)).toBeVisible();
  await expect(main.getByText("Estimated annual savings")).toHaveCount(0);
  await expect(main.getByRole("link", { name: "Get My Custom Solar Quote" })).toHaveAttribute("href", "/submit-bill");
  await expect(toasts(page).filter({ hasText: "Calculation Complete!" })).toHaveCount(1);
  await expectNoAxeViolations(page);
});

test("Calculate for Different Property returns to an empty form", async ({ page }) => {
  await gotoReady(page, "/solar-calculator");
  await calculate(page, "2500", "California");
  await expect(page.getByText("Estimated annual savings")).toBeVisible();

  await page.getByRole("link", { name: "Calculate for Different Property" }).click();
  await expect(page).toHaveURL(/\/solar-calculator$/);
  await expect(calculatorForm(page)).toBeVisible();
  await expect(page.getByLabel(BILL_LABEL)).toHaveValue("");
  await expect(stateSelect(page)).toHaveValue("");
  await expect(page.getByText("Estimated annual savings")).toHaveCount(0);
  await expect(toasts(page)).toHaveCount(0);
});

test("the button reads Calculating... and is disabled while the calculation is on its way", async ({ page }) => {
  await gotoReady(page, "/solar-calculator");
  const watch = await watchSubmission(page, isCalculator);
  await calculate(page, "2500", "California");

  expect(await watch.pending).toEqual({ text: "Calculating...", disabled: true, ariaDisabled: "true" });
  await expect(page.getByText("Estimated annual savings")).toBeVisible();
  expect(watch.posts).toHaveLength(1);
});

test("keyboard only: Tab to the fields, type the bill, pick the state, submit with Enter", async ({ page }) => {
  await gotoReady(page, "/solar-calculator");
  const bill = page.getByLabel(BILL_LABEL);
  for (let presses = 0; presses < 40; presses++) {
    if (await bill.evaluate((input) => input === document.activeElement)) break;
    await page.keyboard.press("Tab");
  }
  await expect(bill).toBeFocused();
  await page.keyboard.type("2500");

  await page.keyboard.press("Tab");
  const state = stateSelect(page);
  await expect(state).toBeFocused();
  await page.keyboard.type("California");
  await expect(state).toHaveValue("CA");

  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Calculate My Savings" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Estimated annual savings")).toBeVisible();
  await expect(page.getByRole("main").getByText("$21,000", { exact: true })).toBeVisible();
});

/** The value shown after a line's label in the result. */
const lineValue = (page: Page, label: string) =>
  page.getByRole("main").locator("dt", { hasText: label }).locator("xpath=following-sibling::dd[1]");

test("California at $1,000 a month: the spec's figures, the federal condition, the programs counted, a link to the state", async ({
  page,
}) => {
  // The server's clock is pinned to 2026-11-23, when California has a current money-value program.
  await gotoReady(page, "/solar-calculator");
  await calculate(page, "1000", "California");
  const main = page.getByRole("main");
  await expect(lineValue(page, "Estimated annual savings")).toHaveText("$8,400");
  await expect(lineValue(page, "Federal tax credit (30%)")).toHaveText("$28,800");
  await expect(lineValue(page, "California incentives (est. 15%)")).toHaveText("$14,400");
  await expect(main.getByTestId("federal-line")).toContainText(
    "Only if the system is placed in service by December 31, 2027",
  );
  await expect(main.getByTestId("federal-line")).toContainText("prevailing wage and apprenticeship");
  await expect(main.getByTestId("state-line")).toContainText("Counted because California has");
  await expect(main.getByRole("link", { name: "See every incentive in California" })).toHaveAttribute(
    "href",
    "/incentives/states/ca",
  );
});

test("a state without a money-value business incentive (Idaho) gets no state line, and says why", async ({ page }) => {
  await gotoReady(page, "/solar-calculator");
  await calculate(page, "2500", "Idaho");
  const main = page.getByRole("main");
  await expect(lineValue(page, "Estimated annual savings")).toHaveText("$21,000");
  await expect(main.getByTestId("state-line")).toHaveCount(0);
  await expect(main.getByText(/Idaho incentives/)).toHaveCount(0);
  await expect(main.getByText("We found no Idaho program that pays a business money for solar")).toBeVisible();
  await expect(main.getByRole("link", { name: "See every incentive in Idaho" })).toHaveAttribute(
    "href",
    "/incentives/states/id",
  );
});
