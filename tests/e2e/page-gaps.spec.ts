import { guide } from "../../app/content/guide";
import { expect, test } from "./fixtures";
import { pdf } from "./staff-helpers";

/** What a new visitor ran into (the first acceptance review). */
const message = async (html: string) => /data-testid="thank-you-message"[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? "";

test.describe("/thank-you says what was sent", () => {
  test("after a guide request: the spec's guide text", async ({ request }) => {
    const response = await request.post("/?index", {
      form: { name: "Gus Guide", email: `gus-${Date.now()}@example.com`, industryType: "agriculture" },
    });
    expect(response.url()).toMatch(/\/thank-you$/);
    const text = await message(await response.text());
    expect(text).toContain(guide.title);
    expect(text).toContain("has been sent to your email");
  });

  test("after a consultation: the advisor's reply, not a guide", async ({ request }) => {
    const response = await request.post("/talk-to-solar-advisor", {
      form: { name: "Connie Sult", email: `connie-${Date.now()}@example.com` },
    });
    expect(response.url()).toMatch(/\/thank-you$/);
    const text = await message(await response.text());
    expect(text).toContain("Your consultation request has been sent");
    expect(text).not.toContain(guide.title);
  });

  test("after a bill upload: the quote, not a guide", async ({ request }) => {
    const response = await request.post("/submit-bill", {
      multipart: {
        businessName: "Quote Co",
        contactPerson: "Quin Tote",
        email: `quin-${Date.now()}@example.com`,
        file: { name: "bill.pdf", mimeType: "application/pdf", buffer: pdf() },
      },
    });
    expect(response.url()).toMatch(/\/thank-you$/);
    const text = await message(await response.text());
    expect(text).toContain("Your custom solar quote will arrive by email within 24 hours");
    expect(text).not.toContain(guide.title);
  });

  test("opened on its own (or with a made-up query): a neutral message", async ({ request }) => {
    for (const path of ["/thank-you", "/thank-you?form=guide"]) {
      const text = await message(await (await request.get(path)).text());
      expect(text, path).toContain("Thank you for your request");
      expect(text, path).toContain("on its way to your email");
      expect(text, path).not.toContain("has been sent to your email");
    }
  });
});

test("a trailing slash redirects to the one address of the page, query kept", async ({ request }) => {
  const response = await request.get("/incentives/states/?x=1", { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toBe("/incentives/states?x=1");
  // A doubled leading slash never becomes a redirect to another host.
  const base = test.info().project.use.baseURL ?? "";
  const nested = await request.get(`${base}//evil.example/`, { maxRedirects: 0 });
  expect(nested.status()).toBe(301);
  expect(nested.headers().location).toBe("/evil.example");
});
