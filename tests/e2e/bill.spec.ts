import net from "node:net";
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, gotoReady, test } from "./fixtures";

/** A small but real PDF (the server checks the first bytes), `size` bytes long. */
function pdf(size = 4096): Buffer {
  const head = Buffer.from("%PDF-1.4\n");
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 32)]);
}

async function fillBusiness(page: Page) {
  await page.getByLabel("Business Name").fill("Acme Farms");
  await page.getByLabel("Contact Person").fill("Jo Smith");
  await page.getByLabel("Email Address").fill("jo@acme.example");
  await page.getByLabel("Phone Number (optional)").fill("(555) 010-0123");
  await page.getByLabel("Average Monthly Bill ($, optional)").fill("8500");
}

const fileInput = (page: Page) => page.getByLabel("Energy Bill");

test("the page shows the assessment form, the privacy promise and the example", async ({ page }) => {
  await gotoReady(page, "/submit-bill");
  await expect(page.getByRole("heading", { level: 1, name: "Upload Your Energy Bill" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Get Your Free Solar Assessment" })).toBeVisible();
  await expect(page.getByText("We never share or sell your information.")).toBeVisible();
  await expect(page.getByText("used only to calculate your savings")).toBeVisible();
  await expect(page.getByText(/\$8,500 a month/)).toBeVisible();
  await expect(page.getByText(/\$102,000 a year/)).toBeVisible();
  await expect(page.getByText(/within 24 hours/).first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a valid PDF uploads with a progress bar and lands on /thank-you with the spec's toast", async ({ page }) => {
  await gotoReady(page, "/submit-bill");
  await fillBusiness(page);
  await fileInput(page).setInputFiles({
    name: "march-bill.pdf",
    mimeType: "application/pdf",
    buffer: pdf(1024 * 1024),
  });

  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let posts = 0;
  await page.route("**/submit-bill", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    posts++;
    await held;
    await route.continue();
  });
  const submit = page.getByRole("button", { name: "Get My Free Assessment" });
  await submit.click();
  await expect(page.getByRole("button", { name: "Submitting..." })).toBeVisible();
  await expect(page.getByText("Uploading your bill…")).toBeVisible();
  await expect(page.locator("#bill-upload-progress")).toBeVisible();
  // A second click while the first is on its way is ignored.
  await page.getByRole("button", { name: "Submitting..." }).click({ force: true });
  release();

  await expect(page).toHaveURL(/\/thank-you$/);
  await expect(page.getByText("Assessment request submitted!")).toBeVisible();
  expect(posts).toBe(1);
});

test.describe("file rules in the browser: the toast File validation failed and a cleared input", () => {
  for (const [label, file, message] of [
    [
      "too small",
      { name: "bill.pdf", mimeType: "application/pdf", buffer: pdf(500) },
      "File is too small. Please upload a valid energy bill.",
    ],
    [
      "over 10MB",
      { name: "bill.pdf", mimeType: "application/pdf", buffer: pdf(10 * 1024 * 1024 + 1) },
      "File size exceeds 10MB limit.",
    ],
    ["a wrong extension", { name: "bill.exe", mimeType: "application/pdf", buffer: pdf() }, "Invalid file extension."],
    [
      "a wrong type",
      { name: "bill.gif", mimeType: "image/gif", buffer: pdf() },
      "Invalid file type. Only PDF, JPG, and PNG files are allowed.",
    ],
  ] as const) {
    test(label, async ({ page }) => {
      await gotoReady(page, "/submit-bill");
      await fileInput(page).setInputFiles({ ...file, buffer: Buffer.from(file.buffer) });
      const toast = page.getByRole("alert").filter({ hasText: "File validation failed" });
      await expect(toast).toBeVisible();
      await expect(toast).toContainText(message);
      await expect(page.locator("#bill-file-client-error")).toHaveText(message);
      expect(await fileInput(page).evaluate((input) => (input as HTMLInputElement).files?.length)).toBe(0);
    });
  }
});

test("a spoofed PDF (HTML inside) passes the browser but the server refuses it, keeping the typed values", async ({
  page,
}) => {
  await gotoReady(page, "/submit-bill");
  await fillBusiness(page);
  const html = Buffer.concat([Buffer.from("<!doctype html><html><body>"), Buffer.alloc(3000, 32)]);
  await fileInput(page).setInputFiles({ name: "bill.pdf", mimeType: "application/pdf", buffer: html });
  await page.getByRole("button", { name: "Get My Free Assessment" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "File validation failed" })).toContainText(
    "Invalid file type. Only PDF, JPG, and PNG files are allowed.",
  );
  await expect(page.getByLabel("Business Name")).toHaveValue("Acme Farms");
  await expect(page).toHaveURL(/\/submit-bill$/);
  // Focus moves to the error summary, so a screen reader reads what went wrong.
  await expect(page.getByRole("alert").filter({ hasText: "Please correct the following errors:" })).toBeFocused();
});

test.describe("without JavaScript (plain form posts)", () => {
  const base = { businessName: "Acme Farms", contactPerson: "Jo Smith", email: "jo@acme.example" };

  test("a valid bill is accepted and redirected to /thank-you", async ({ request }) => {
    const response = await request.post("/submit-bill", {
      multipart: { ...base, file: { name: "bill.pdf", mimeType: "application/pdf", buffer: pdf() } },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe("/thank-you");
  });

  test("a name with ../ is refused", async ({ request }) => {
    const response = await request.post("/submit-bill", {
      multipart: { ...base, file: { name: "../bill.pdf", mimeType: "application/pdf", buffer: pdf() } },
    });
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain("Invalid file name.");
  });

  test("a missing file and bad fields get the spec's messages", async ({ request }) => {
    const response = await request.post("/submit-bill", {
      multipart: { businessName: "A", contactPerson: "Jo Smith", email: "nope" },
    });
    expect(response.status()).toBe(400);
    const html = await response.text();
    expect(html).toContain("Please correct the following errors:");
    expect(html).toContain("Business name must be between 2 and 100 characters.");
    expect(html).toContain("Please enter a valid email address.");
    expect(html).toContain("Please upload your energy bill to continue.");
  });

  test("a file over 10MB is refused before it is stored", async ({ request }) => {
    const response = await request.post("/submit-bill", {
      multipart: {
        ...base,
        file: { name: "bill.pdf", mimeType: "application/pdf", buffer: pdf(10 * 1024 * 1024 + 100) },
      },
    });
    expect(response.status()).toBe(413);
    expect(await response.text()).toContain("File size exceeds 10MB limit.");
  });
});

test("a visitor who loses the connection mid-upload does not bring the server down", async ({ request, baseURL }) => {
  const { port, hostname } = new URL(baseURL as string);
  const boundary = "----solarAbortTest";
  await new Promise<void>((resolve, reject) => {
    const socket = net.connect(Number(port), hostname === "localhost" ? "127.0.0.1" : hostname, () => {
      socket.write(
        [
          "POST /submit-bill HTTP/1.1",
          `Host: ${hostname}:${port}`,
          `Content-Type: multipart/form-data; boundary=${boundary}`,
          "Content-Length: 5000000",
          "",
          `--${boundary}`,
          'Content-Disposition: form-data; name="file"; filename="bill.pdf"',
          "Content-Type: application/pdf",
          "",
          "%PDF-1.4 partial…",
        ].join("\r\n"),
      );
      setTimeout(() => {
        socket.destroy();
        resolve();
      }, 300);
    });
    socket.on("error", reject);
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  const health = await request.get("/healthz");
  expect(health.status()).toBe(200);
});

test.describe("keyboard only", () => {
  test("the form can be completed and sent with the keyboard", async ({ page }) => {
    await gotoReady(page, "/submit-bill");
    await page.getByLabel("Business Name").focus();
    await page.keyboard.type("Keyboard Dairy");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Kim Lee");
    await page.keyboard.press("Tab");
    await page.keyboard.type("kim@dairy.example");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(fileInput(page)).toBeFocused();
    // Choosing the file itself opens the system dialog: set it, then carry on with the keyboard.
    await fileInput(page).setInputFiles({
      name: "bill.png",
      mimeType: "image/png",
      buffer: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2048)]),
    });
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Get My Free Assessment" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/thank-you$/);
  });
});
