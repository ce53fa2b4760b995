import { expect, test } from "@playwright/test";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../app/server/db/client.server";
import { unsubscribeUrl } from "../../app/server/mail/unsubscribe.server";
import { type FakeSentry, type SentryEvent, startFakeSentry } from "../fake-sentry";
import { freePortSync } from "../free-port";
import { exited, seededDataDir, startServer, waitReady } from "./spawn-server";

/**
 * Errors reach someone (docs/operations.md): the production server, given SENTRY_DSN, reports a
 * loader that throws and a background job that fails to a local fake ingest, with the route
 * pattern or job name and the release, and nothing of the person: the request carried their
 * e-mail address (the unsubscribe link), name and phone number (query and cookies), and the
 * database error the values of its query. Without a DSN nothing is loaded or sent: the unit test
 * (app/server/error-reporting.server.isolated.test.ts), and every other spec runs without one. No browser: Playwright's own test (not ./fixtures, whose CSP watch opens one) and fetch.
 */
test.describe.configure({ mode: "serial" });

const EMAIL = "jo.example@acme-farms.com";
const NAME = "Jo Example";
const PHONE = "555-867-5309";

/**
 * A seeded database with two tables gone: the unsubscribe page's loader throws (relation does
 * not exist: not an outage, so a 500) and so does the page-view retention job, at start-up.
 */
async function brokenDataDir(): Promise<{ dataDir: string; link: string }> {
  const dataDir = seededDataDir("solar-errors-");
  const handle = await openDatabase({ dataDir });
  try {
    const link = await unsubscribeUrl(handle.db, "", EMAIL);
    await handle.db.execute(sql`alter table email_suppressions rename to email_suppressions_gone`);
    await handle.db.execute(sql`alter table page_views rename to page_views_gone`);
    return { dataDir, link: `${link}&name=${encodeURIComponent(NAME)}&phone=${encodeURIComponent(PHONE)}` };
  } finally {
    await handle.close();
  }
}

async function withServer(
  env: Record<string, string>,
  check: (base: string, output: () => string) => Promise<void>,
): Promise<void> {
  const port = String(freePortSync());
  const server = startServer({ PORT: port, SITE_URL: `http://localhost:${port}`, ...env });
  try {
    await waitReady(server);
    await check(`http://127.0.0.1:${port}`, server.output);
  } finally {
    server.child.kill("SIGTERM");
    await exited(server.child);
  }
}

const PERSONAL_COOKIES = { cookie: `sa_contact=${encodeURIComponent(NAME)}; sa_phone=${PHONE}; sa_mail=${EMAIL}` };

let ingest: FakeSentry;
test.beforeAll(async () => {
  ingest = await startFakeSentry();
});
test.afterAll(async () => {
  await ingest.close();
});

const tagged = (name: string, value: string): SentryEvent[] =>
  ingest.events().filter((event) => event.tags?.[name] === value);

test("a thrown loader error and a failed job arrive with route, job and release, and no personal data", async () => {
  test.setTimeout(90_000);
  const { dataDir, link } = await brokenDataDir();
  await withServer({ DATA_DIR: dataDir, SENTRY_DSN: ingest.dsn, SENTRY_RELEASE: "solar-e2e@7" }, async (base) => {
    const answer = await fetch(`${base}${link}`, { headers: PERSONAL_COOKIES });
    expect(answer.status).toBe(500);

    await expect.poll(() => tagged("route", "/unsubscribe").length, { timeout: 15_000 }).toBe(1);
    const [loader] = tagged("route", "/unsubscribe");
    expect(loader?.release).toBe("solar-e2e@7");
    expect(JSON.stringify(loader?.exception)).toContain("email_suppressions");

    await expect.poll(() => tagged("job", "Page-view retention").length, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(tagged("job", "Page-view retention")[0]?.release).toBe("solar-e2e@7");
  });

  const encoded = new URL(link, "http://x").searchParams.get("e") ?? "";
  expect(encoded).not.toBe("");
  const payload = ingest.bodies.join("\n");
  for (const personal of [EMAIL, "acme-farms", encoded, NAME, "Jo+Example", "Jo%20Example", PHONE, "sa_contact"]) {
    expect(payload).not.toContain(personal);
  }
});
