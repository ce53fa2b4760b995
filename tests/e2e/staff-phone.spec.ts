import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./fixtures";
import { pdf, signIn, submitBill } from "./staff-helpers";

/**
 * Every staff page works on a phone: nothing scrolls sideways at 375 px (the lead list is cards; a
 * wide table scrolls inside its own box, which must be `relative`: else a screen-reader-only text in
 * it is placed against the page and widens it) and axe finds nothing.
 */
test.use({ viewport: { width: 375, height: 800 } });

async function expectNoSidewaysScroll(page: Page, path: string) {
  const overflow = await page.evaluate(() => {
    const root = document.documentElement;
    const wide = [...document.querySelectorAll("body *")]
      .filter((element) => element.getBoundingClientRect().right > root.clientWidth + 1)
      .filter((element) => !element.parentElement?.closest(".overflow-x-auto"))
      .slice(0, 3)
      .map((element) => `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 60)}`);
    return { by: root.scrollWidth - root.clientWidth, wide };
  });
  expect(overflow, path).toEqual({ by: 0, wide: [] });
}

test("every staff page fits a 375 px screen, with no axe violation", async ({ page }) => {
  const tag = `${Date.now().toString(36)}`;
  await submitBill(page.request, {
    businessName: `Phone ${tag} Wash`,
    contactPerson: `Pat ${tag}`,
    email: `pat-${tag}@wash.example`,
    phone: "(602) 555-0134",
  });
  // A lead from a page with a long address: the dashboard's "pages that brought leads" must not
  // widen the page with it.
  const base = String(test.info().project.use.baseURL);
  const long = await page.request.post("/submit-bill", {
    multipart: {
      businessName: `Long ${tag} Wash`,
      contactPerson: `Lee ${tag}`,
      email: `lee-${tag}@wash.example`,
      file: { name: "bill.pdf", mimeType: "application/pdf", buffer: pdf() },
    },
    headers: { Referer: `${base}/talk-to-solar-advisor?utm_campaign=${"springsale".repeat(15)}` },
    maxRedirects: 0,
  });
  expect(long.status()).toBe(302);
  await signIn(page);
  await page.getByLabel("Search leads").fill(`Phone ${tag}`);
  const leadPath = await page.getByRole("link", { name: `Pat ${tag}`, exact: true }).getAttribute("href");
  await page.goto("/admin/content/incentives");
  const recordPath = await page
    .locator('a[href^="/admin/content/incentives/"]:not([href$="/new"])')
    .first()
    .getAttribute("href");

  for (const path of [
    "/admin",
    "/admin/leads",
    "/admin/leads/board",
    leadPath ?? "",
    "/admin/mail",
    "/admin/mail/templates",
    "/admin/accounts",
    "/admin/audit",
    "/admin/settings",
    "/admin/webhooks",
    "/admin/content",
    "/admin/content/incentives",
    recordPath ?? "",
    "/admin/account",
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }), path).toBeVisible();
    if (path === "/admin/leads") {
      // A card per lead, not a table scrolled sideways.
      await expect(page.getByTestId("lead-cards").getByRole("listitem").first()).toBeVisible();
      await expect(page.getByRole("table")).toBeHidden();
    }
    await expectNoSidewaysScroll(page, path);
    await test.step(`axe on ${path}`, () => expectNoAxeViolations(page));
  }
});
