import fs from "node:fs";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { signIn, submitBill } from "./staff-helpers";

test("a privacy request: find what is held, download it, delete it after typing the address again", async ({
  page,
}) => {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `pat-${tag}@privacy.example`;
  await submitBill(page.request, { businessName: `Pat ${tag} Dairy`, contactPerson: `Pat ${tag}`, email });
  await signIn(page);
  await page.goto("/admin/privacy");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Find" }).click();
  await expect(page.getByRole("heading", { name: `Held about ${email}` })).toBeVisible();
  await expect(page.getByTestId("privacy-counts")).toContainText("1");
  await expect(page.getByRole("link", { name: `Pat ${tag} (Pat ${tag} Dairy)` })).toBeVisible();
  await expectNoAxeViolations(page);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download everything (zip)" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  const zip = fs.readFileSync(await download.path());
  expect(zip.subarray(0, 2).toString()).toBe("PK");

  // A wrong confirmation deletes nothing.
  await page.getByLabel(`Type ${email} to confirm`).fill("someone@else.example");
  await page.getByRole("button", { name: "Delete everything" }).click();
  await expect(page.getByRole("alert")).toContainText("Nothing was deleted");

  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Find" }).click();
  await page.getByLabel(`Type ${email} to confirm`).fill(email);
  await page.getByRole("button", { name: "Delete everything" }).click();
  await expect(page.getByRole("status")).toContainText(/Deleted: \d+ rows and 1 bill files/);
  await expectNoAxeViolations(page);

  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Find" }).click();
  await expect(page.getByText(`Nothing is held about ${email}.`)).toBeVisible();
  await page.goto(`/admin/leads?q=${encodeURIComponent(`Pat ${tag}`)}`);
  await expect(page.getByTestId("lead-count")).toContainText("0 of");
});
