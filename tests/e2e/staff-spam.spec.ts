import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { signIn, submitBill } from "./staff-helpers";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const toast = (page: Page, title: string | RegExp) => page.locator("[data-toast]").filter({ hasText: title });

test("Mark as spam takes a lead out of the list into the Spam view; Not spam brings it back", async ({ page }) => {
  const tag = unique();
  await submitBill(page.request, {
    businessName: `Junk ${tag} Offers`,
    contactPerson: `Jay ${tag}`,
    email: `jay-${tag}@junk.example`,
  });
  await signIn(page);
  const search = `/admin/leads?q=${encodeURIComponent(`Junk ${tag}`)}`;
  const contact = page.getByRole("link", { name: `Jay ${tag}`, exact: true });
  await page.goto(search);
  await contact.click();
  await page.waitForURL(/\/admin\/leads\/bill\//);
  const here = page.url();

  await page.getByRole("button", { name: "Mark as spam" }).click();
  await expect(toast(page, "marked as spam")).toBeVisible();
  const notice = page.getByRole("note");
  await expect(notice).toContainText("Spam.");
  await expect(notice.getByRole("button", { name: `Block jay-${tag}@junk.example` })).toBeVisible();
  await expect(notice.getByRole("button", { name: "Block all of junk.example" })).toBeVisible();
  await expect(page.getByTestId("lead-timeline")).toContainText("Marked as spam");
  await expectNoAxeViolations(page);

  // Gone from the list; in the Spam view, which keeps to spam while searched.
  await page.goto(search);
  await expect(page.getByTestId("lead-count")).toContainText("0 of");
  await page.goto(`${search}&spam=1`);
  await expect(page.getByRole("heading", { level: 1, name: "Spam" })).toBeVisible();
  await expect(contact).toHaveCount(1);
  await expectNoAxeViolations(page);

  await page.goto(here);
  await page.getByRole("button", { name: "Not spam" }).click();
  await expect(toast(page, "back in the leads")).toBeVisible();
  await expect(page.getByRole("note")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Mark as spam" })).toBeVisible();
  await page.goto(search);
  await expect(contact).toHaveCount(1);
});
