import { expect, expectNoAxeViolations, test } from "./fixtures";
import { signIn } from "./staff-helpers";

test("the dashboard and /readyz show the backup the production server took at start", async ({ page, request }) => {
  // Production backs up every 24 hours by default, the first right after start.
  await expect
    .poll(async () => (await (await request.get("/readyz")).json()).backup?.lastAt ?? null, { timeout: 60_000 })
    .not.toBeNull();
  const { backup } = await (await request.get("/readyz")).json();
  expect(backup).toMatchObject({ intervalHours: 24, overdue: false });

  await signIn(page);
  await page.goto("/admin");
  await expect(page.getByTestId("backup-status")).toContainText(
    /Last backup: \d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2}\s[AP]M\s(EST|EDT)\. Backups every 24 hours\./,
  );
  await expectNoAxeViolations(page);
});
