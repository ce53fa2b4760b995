import { expect, expectNoAxeViolations, gotoReady, test } from "./fixtures";
import { signIn } from "./staff-helpers";

/** "Check my quote": a proposal checked line by line, and sent to an advisor with the check. */

test("a made-up proposal is flagged line by line (sent with Enter), and the check goes with a consultation to the lead page", async ({
  page,
  browser,
}) => {
  await gotoReady(page, "/check-my-quote");
  const main = page.getByRole("main");
  await main.getByRole("combobox", { name: "State" }).selectOption({ label: "Texas" });
  await main.getByLabel("System size (kW DC)").fill("200");
  await main.getByLabel("Price of the solar system ($)").fill("600000");
  await main.getByLabel("Annual production (kWh)").fill("360000");
  await main.getByLabel("Federal tax credit ($)").fill("180000");
  await main.getByLabel("In-service date").fill("2028-06-01");
  await main.getByLabel("Payback (years)").press("Enter");
  await expect(page).toHaveURL(/\/check-my-quote\?state=TX&kw=200&cost=600000&kwh=360000&credit=180000/);
  await expect(main.getByTestId("quote-summary")).toHaveText("3 lines need a second look (Texas).");
  const lines = main.getByRole("list", { name: "The proposal, line by line" }).getByRole("listitem");
  await expect(lines.filter({ hasText: "Price per watt" })).toContainText("Check this");
  await expect(lines.filter({ hasText: "Annual production" })).toContainText("19% above NREL PVWatts' figure");
  await expect(lines.filter({ hasText: "Federal tax credit" })).toContainText("More than the law gives this project");
  await expect(lines.filter({ hasText: "Payback" })).toContainText("Not given");
  await expectNoAxeViolations(page);

  const email = `quote-${Date.now().toString(36)}@winery.example`;
  await main.getByRole("link", { name: "Send this check to an advisor" }).click();
  await expect(page).toHaveURL(/\/talk-to-solar-advisor\?quote=.*#request$/);
  const form = page.locator("#request");
  await expect(form.getByTestId("quote-attached")).toContainText("Your check of the 200 kW proposal in Texas");
  await form.getByLabel("Full Name").fill("Vera Vintner");
  await form.getByLabel("Email Address").fill(email);
  await form.getByRole("button", { name: "Request My Free Consultation" }).click();
  await expect(page).toHaveURL(/\/thank-you$/);

  const staff = await browser.newPage();
  await signIn(staff);
  await staff.goto(`/admin/leads?q=${encodeURIComponent(email)}`);
  await staff.getByRole("link", { name: "Vera Vintner" }).click();
  const section = staff.getByRole("region", { name: "The installer's quote the visitor checked" });
  await expect(section).toContainText("3 of the lines entered flagged");
  await expect(section.getByRole("row", { name: /Price per watt/ })).toContainText("$3.00/W");
  await staff.close();
});
