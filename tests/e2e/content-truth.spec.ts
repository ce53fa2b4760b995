import { builtInBlocks } from "../../app/content/content-blocks";
import { policyUpdateSeed } from "../../app/content/seed/policy-updates";
import { falseClaims } from "../../app/lib/content-claims";
import { publicPaths } from "../../app/lib/public-routes";
import { decodeHtml, expect, expectNoAxeViolations, gotoReady, test } from "./fixtures";

/** What a visitor reads on a page: the HTML without scripts, styles and tags. */
function visibleText(html: string): string {
  return decodeHtml(
    html
      .replace(/<script[\s\S]*?<\/script>/g, " ")
      .replace(/<style[\s\S]*?<\/style>/g, " ")
      .replace(/<[^>]+>/g, " "),
  );
}

test("no public page states the begin-construction deadline as open or the 30% credit after 2027", async ({
  request,
}) => {
  const paths = [...publicPaths(), "/thank-you"];
  expect(paths.length).toBeGreaterThan(75);
  const problems: { path: string; rule: string; sentence: string }[] = [];
  for (const path of paths) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    // The meta description and JSON-LD are public text too (search results show them).
    const meta = [...html.matchAll(/<meta[^>]+content="([^"]*)"/g)].map((m) => decodeHtml(m[1] ?? "")).join(". ");
    for (const problem of falseClaims(`${visibleText(html)} ${meta}`)) problems.push({ path, ...problem });
  }
  expect(problems).toEqual([]);
});

test("How It Works no longer promises a commercial system in about 30 days (fact check 16)", async ({ request }) => {
  const html = await (await request.get("/how-it-works")).text();
  expect(html).not.toContain("about 30 days");
  expect(html).not.toContain('"totalTime":"P30D"');
  expect(html).toContain('"@type":"HowTo"');
  expect(html).toMatch(/<meta name="description" content="[^"]*usually take months/);
});

test("the bill page's example adds up: savings never above the bill (fact check 17)", async ({ page }) => {
  await gotoReady(page, "/submit-bill");
  const main = page.getByRole("main");
  await expect(main.getByText("$104,000")).toHaveCount(0);
  await expect(main.getByText(/paying \$8,500 a month spends \$102,000 a year/)).toBeVisible();
  await expect(main.getByText("Illustrative example, not a customer review")).toBeVisible();
});

test("Policy Watch: a true red banner, dated statuses, follow-ups and review dates", async ({ page }) => {
  await gotoReady(page, "/policy-watch");
  const alert = page.getByRole("region", { name: "Alert" });
  await expect(alert).toContainText(builtInBlocks.policy_watch_alert.content);
  await expect(alert.getByRole("link", { name: "See current incentives" })).toHaveAttribute("href", "/incentives");
  await expect(page.getByText("may be under review")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: builtInBlocks.policy_watch_cta.title })).toBeVisible();

  const titleOf = (slug: string) => policyUpdateSeed.find((row) => row.slug === slug)?.title ?? slug;
  const update = (slug: string) =>
    page
      .getByTestId("policy-updates")
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: titleOf(slug), exact: true }) });
  // The NJ hold was "Extended" through May 31, 2026: on the pinned day (2026-11-23) it reads Expired.
  const held = update("2026-02-new-jersey-adi-incentives-held");
  await expect(held.getByText("Expired", { exact: true })).toBeVisible();
  await expect(held.getByText("Ended May 31, 2026")).toBeVisible();
  await expect(update("2026-11-new-jersey-adi-hold-ended")).toBeVisible();
  // The court ruling on Notice 2025-42 is reported, dated, with its appeal status unsettled.
  const ruling = update("2026-06-court-vacates-notice-2025-42");
  await expect(ruling).toContainText("June 6, 2026");
  await expect(ruling).toContainText("could not be confirmed as of November 23, 2026");
  await expect(
    page
      .getByTestId("policy-updates")
      .getByText(/^Last reviewed /)
      .first(),
  ).toBeVisible();
  // Illinois supply-only crediting is in effect (it was labelled Expired); one of the oldest
  // updates, it is on the second page.
  await gotoReady(page, "/policy-watch?page=2");
  await expect(
    update("2025-01-illinois-net-metering-supply-only").getByText("Confirmed", { exact: true }),
  ).toBeVisible();

  // Filtering by Expired finds the held update by its date, not by its stored status.
  await gotoReady(page, "/policy-watch?status=Expired");
  await expect(held).toBeVisible();
  await gotoReady(page, "/policy-watch?status=Extended");
  await expect(held).toHaveCount(0);
  await expectNoAxeViolations(page);
});
