import { expect, expectNoAxeViolations, gotoReady, MOBILE_VIEWPORT, test } from "./fixtures";

for (const path of [
  "/",
  "/mission",
  "/about",
  "/how-it-works",
  "/free-estimate",
  "/no-such-page",
  "/solar-calculator",
]) {
  test(`no axe violations on ${path}`, async ({ page }) => {
    await gotoReady(page, path);
    await expectNoAxeViolations(page);
  });
}

test("no axe violations with the Industries dropdown open", async ({ page }) => {
  await gotoReady(page, "/");
  const button = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Industries" });
  await button.click();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByTestId("industries-grid")).toBeVisible();
  await expectNoAxeViolations(page);
});

test.describe("mobile", () => {
  test.use({ viewport: MOBILE_VIEWPORT });

  test("no axe violations with the mobile menu open", async ({ page }) => {
    await gotoReady(page, "/");
    const menu = page.getByRole("button", { name: "Menu" });
    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test("the first Tab stop is a visible skip link that moves focus to the main content", async ({ page }) => {
  await gotoReady(page, "/");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await expect(skip).toHaveAttribute("href", "#main");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("main")).toBeFocused();
});

test("a follow-up digest's snooze link that was changed says so, changes nothing, no axe violation", async ({
  page,
}) => {
  const response = await page.goto("/snooze?p=WyJiaWxsIl0&t=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
  expect(response?.status()).toBe(400);
  expect(response?.headers()["cache-control"]).toBe("no-store");
  await expect(page.getByRole("heading", { level: 1, name: "Snooze a follow-up" })).toBeVisible();
  await expect(page.getByText("This link is incomplete or was changed.")).toBeVisible();
  await expectNoAxeViolations(page);
});
