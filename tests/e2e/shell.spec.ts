import type { Page } from "@playwright/test";
import { industries } from "../../app/content/industries";
import { disclosures, footerNav, site } from "../../app/content/site";
import { expect, gotoReady, MOBILE_VIEWPORT, test } from "./fixtures";

const labels = industries.map((industry) => industry.label);

function mainNav(page: Page) {
  return page.getByRole("navigation", { name: "Main" });
}

function industriesButton(page: Page) {
  return mainNav(page).getByRole("button", { name: "Industries" });
}

function industriesGrid(page: Page) {
  return page.getByTestId("industries-grid");
}

test.describe("header on desktop", () => {
  test("shows the Industries button, the main links and the Estimate Your Savings button", async ({ page }) => {
    await page.goto("/");
    const nav = mainNav(page);
    await expect(industriesButton(page)).toBeVisible();
    for (const [name, href] of [
      ["Incentives", "/incentives"],
      ["Policy Watch", "/policy-watch"],
      ["How It Works", "/how-it-works"],
    ] as const) {
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
      await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    }
    const cta = page.getByRole("banner").getByRole("link", { name: "Estimate Your Savings" });
    await expect(cta).toBeVisible();
    await expect(cta).toHaveAttribute("href", "/solar-calculator");
    await expect(cta).toHaveAttribute("data-testid", "header-cta");
  });

  test("the Estimate Your Savings button is hidden below the large breakpoint (800 px)", async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 800 });
    await page.goto("/");
    await expect(industriesButton(page)).toBeVisible();
    await expect(page.getByTestId("header-cta")).toBeHidden();
  });

  test("Industries dropdown opens on click with 18 links in three columns", async ({ page }) => {
    await gotoReady(page, "/");
    const button = industriesButton(page);
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(industriesGrid(page)).toBeHidden();

    await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    const grid = industriesGrid(page);
    await expect(grid).toBeVisible();
    await expect(grid.getByRole("link")).toHaveText(labels);
    for (const industry of industries) {
      await expect(grid.getByRole("link", { name: industry.label, exact: true })).toHaveAttribute(
        "href",
        industry.path,
      );
    }
    const columns = await grid.evaluate((element) => getComputedStyle(element).gridTemplateColumns);
    expect(columns.trim().split(/\s+/)).toHaveLength(3);
  });

  test("Industries dropdown works with the keyboard", async ({ page }) => {
    await gotoReady(page, "/");
    const button = industriesButton(page);
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(button).toHaveAttribute("aria-expanded", "true");

    const links = industriesGrid(page).getByRole("link");
    for (let index = 0; index < labels.length; index++) {
      await page.keyboard.press("Tab");
      await expect(links.nth(index), `Tab stop ${index + 1}`).toBeFocused();
    }

    await page.keyboard.press("Escape");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(industriesGrid(page)).toBeHidden();
    await expect(button).toBeFocused();
  });

  test("choosing an industry navigates to its page and closes the panel", async ({ page }) => {
    await gotoReady(page, "/");
    const button = industriesButton(page);
    await button.click();
    const target = industries[13];
    if (!target) throw new Error("missing industry");
    await industriesGrid(page).getByRole("link", { name: target.label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${target.path}$`));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(industriesGrid(page)).toBeHidden();
  });
});

test.describe("header on mobile", () => {
  test.use({ viewport: MOBILE_VIEWPORT });

  test("the menu button toggles a flat list of industries and the main links", async ({ page }) => {
    await gotoReady(page, "/");
    await expect(page.getByTestId("header-cta")).toBeHidden();

    const menuButton = page.getByRole("button", { name: "Menu" });
    await expect(menuButton).toHaveAttribute("aria-expanded", "false");
    // The same navigation as on desktop, shown as the menu's list.
    const mobileNav = mainNav(page);
    await expect(mobileNav).toBeHidden();

    await menuButton.click();
    await expect(menuButton).toHaveAttribute("aria-expanded", "true");
    await expect(mobileNav).toBeVisible();

    // A flat list: one list holding the 18 industry links, no nested columns.
    const industryList = mobileNav.getByRole("list").filter({ hasText: labels[0] });
    await expect(industryList).toHaveCount(1);
    await expect(industryList.getByRole("listitem")).toHaveCount(18);
    await expect(industryList.getByRole("link")).toHaveText(labels);
    await expect(industryList.getByRole("list")).toHaveCount(0);
    for (const name of ["Incentives", "Policy Watch", "How It Works", "Estimate Your Savings"]) {
      await expect(mobileNav.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(mobileNav.getByRole("button", { name: "Industries" })).toBeHidden();

    await menuButton.click();
    await expect(menuButton).toHaveAttribute("aria-expanded", "false");
    await expect(mobileNav).toBeHidden();
  });
});

test.describe("header on mobile, keyboard", () => {
  test.use({ viewport: MOBILE_VIEWPORT });

  test("the mobile menu opens with Enter and Tab moves into it without closing it", async ({ page }) => {
    await gotoReady(page, "/");
    const menuButton = page.getByRole("button", { name: "Menu" });
    await menuButton.focus();
    await page.keyboard.press("Enter");
    await expect(menuButton).toHaveAttribute("aria-expanded", "true");
    const mobileNav = mainNav(page);
    await page.keyboard.press("Tab");
    await expect(mobileNav.getByRole("link", { name: labels[0], exact: true })).toBeFocused();
    await expect(menuButton).toHaveAttribute("aria-expanded", "true");
    await expect(mobileNav).toBeVisible();
  });
});

test.describe("header without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("on a phone the menu is shown as a list, with no dead toggle button", async ({ page }) => {
    await page.setViewportSize(MOBILE_VIEWPORT);
    await page.goto("/");
    const mobile = mainNav(page);
    await expect(mobile).toBeVisible();
    await expect(mobile.getByRole("link", { name: "Farms & Agriculture" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Menu" })).toBeHidden();
    // The list scrolls away with the page: a sticky header holding it covered the whole screen.
    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    const header = await page.getByRole("banner").boundingBox();
    expect((header?.y ?? 0) + (header?.height ?? 0)).toBeLessThanOrEqual(0);
  });

  test("on a desktop the Industries panel opens on keyboard focus", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("#industries-panel")).toBeHidden();
    await page.getByRole("button", { name: "Industries" }).focus();
    await expect(page.locator("#industries-panel")).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(page.locator("#industries-panel").getByRole("link").first()).toBeFocused();
  });
});

test.describe("footer", () => {
  test("industries in two columns of 9, navigation, contact, disclosures and copyright", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");

    const columns = footer.getByTestId("footer-industries").getByRole("list");
    await expect(columns).toHaveCount(2);
    await expect(columns.nth(0).getByRole("listitem")).toHaveCount(9);
    await expect(columns.nth(1).getByRole("listitem")).toHaveCount(9);
    await expect(columns.nth(0).getByRole("link")).toHaveText(labels.slice(0, 9));
    await expect(columns.nth(1).getByRole("link")).toHaveText(labels.slice(9, 18));
    // Side by side: the second column starts to the right of the first, on the same row.
    const first = await columns.nth(0).boundingBox();
    const second = await columns.nth(1).boundingBox();
    expect(first && second && second.x > first.x && Math.abs(second.y - first.y) < 2).toBe(true);

    for (const item of footerNav) {
      await expect(footer.getByRole("link", { name: item.label, exact: true })).toHaveAttribute("href", item.to);
    }

    await expect(footer.getByRole("link", { name: site.contact.email })).toHaveAttribute(
      "href",
      `mailto:${site.contact.email}`,
    );
    await expect(footer.getByRole("link", { name: site.contact.phone })).toHaveAttribute(
      "href",
      site.contact.phoneHref,
    );
    await expect(footer.getByText(site.contact.address)).toBeVisible();
    await expect(footer.getByText(disclosures.marketplace)).toBeVisible();
    await expect(footer.getByText("© 2025")).toBeVisible();
  });
});
