import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { databaseDownMessages, SERVICE_UNAVAILABLE_TITLE } from "../../app/lib/database-down-texts";
import { loginToasts } from "../../app/lib/validation/login";
import { freePortSync } from "../free-port";
import { createPrivatePostgres, type PrivatePostgres, privatePostgresAvailable } from "../private-postgres";
import { expect, expectNoAxeViolations, gotoReady, test } from "./fixtures";
import { exited, type Started, startServer, waitReady } from "./spawn-server";

/**
 * Fault tests: PostgreSQL stopped under load and started again (decision 0015). The
 * production server runs on a PostgreSQL server of this test's own (tests/private-postgres.ts;
 * the machine's shared one is never touched). While it is down, pages that need it answer 503
 * with Retry-After and a page that says so, form posts answer 503 telling the visitor their
 * request was NOT received, nothing hangs and nothing answers 500; `/readyz` says 503. Once it is
 * back, the same process answers 200 and stores posts again, without a restart. Then the
 * database: every accepted post (302 to /thank-you) has its lead and its outbox row, no lead is
 * without its outbox row, and no post that was told "not received" was stored.
 */

const WORKERS = 6;
/** Every request gets an answer within this (the pool waits at most 5 s for a connection). */
const ANSWER_BOUND_MS = 15_000;
/** The same process serves again within this once PostgreSQL accepts connections. */
const RECOVERY_BOUND_MS = 30_000;

type Kind = "post" | "incentives" | "policy" | "state" | "industry" | "about";
type Answer = {
  kind: Kind;
  email?: string;
  startedAt: number;
  endedAt: number;
  status: number; // 0: no answer (connection error or past the bound)
  location?: string | null;
  retryAfter?: string | null;
  body: string;
};

// A cookie named sa_* makes the HTML cache step aside (as for a visitor with a flash message),
// for pages whose address cannot be made unique.
const BYPASS_CACHE = { cookie: "sa_fault_test=1" };

let sequence = 0;

async function request(base: string, kind: Kind): Promise<Answer> {
  const n = sequence++;
  const startedAt = Date.now();
  const email = kind === "post" ? `fault-${n}@load.example` : undefined;
  const target: Record<Kind, string> = {
    post: "/talk-to-solar-advisor",
    // Unique searches: the cache cannot answer them, so each one reads the database.
    incentives: `/incentives?q=solar-${n}`,
    policy: `/policy-watch?q=credit-${n}`,
    state: `/incentives/states/ca?q=net-${n}`,
    industry: "/farms",
    about: "/about",
  };
  const init: RequestInit =
    kind === "post"
      ? {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
          body: new URLSearchParams({
            name: `Fault Tester ${n}`,
            email: email as string,
            phone: "",
            industry: "Farms",
            question: "Does solar pay on a dairy farm?",
          }),
        }
      : { headers: kind === "industry" || kind === "about" ? BYPASS_CACHE : {} };
  try {
    const response = await fetch(`${base}${target[kind]}`, {
      ...init,
      redirect: "manual",
      signal: AbortSignal.timeout(ANSWER_BOUND_MS),
    });
    const body = await response.text();
    return {
      kind,
      email,
      startedAt,
      endedAt: Date.now(),
      status: response.status,
      location: response.headers.get("location"),
      retryAfter: response.headers.get("retry-after"),
      body,
    };
  } catch (error) {
    return { kind, email, startedAt, endedAt: Date.now(), status: 0, body: String(error) };
  }
}

const ready = async (base: string) =>
  (await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(ANSWER_BOUND_MS) }).catch(() => null))?.status ?? 0;

/** React escapes the apostrophe in the served HTML. */
const html = (text: string) => text.replace(/'/g, "&#x27;");

/** Keeps the server's and PostgreSQL's logs with the result, then removes everything the test made. */
async function cleanUp(server: Started | undefined, database: PrivatePostgres | undefined, dataDir: string) {
  if (server) await test.info().attach("server output", { body: server.output(), contentType: "text/plain" });
  if (database) await test.info().attach("postgresql log", { body: database.log(), contentType: "text/plain" });
  if (server && server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill("SIGKILL");
    await exited(server.child);
  }
  database?.remove();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

test.skip(!privatePostgresAvailable(), "needs PostgreSQL's server binaries (initdb, pg_ctl) to run a private server");

test("PostgreSQL stopped under load: 503 pages and refused posts while it is down, recovery without a restart, no half-written or lost lead", async ({
  page,
}) => {
  test.setTimeout(240_000);
  let database: PrivatePostgres | undefined;
  let server: Started | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "solar-fault-pg-"));
  try {
    database = createPrivatePostgres();
    database.start();
    const port = freePortSync();
    const base = `http://127.0.0.1:${port}`;
    server = startServer({
      PORT: String(port),
      DATA_DIR: dataDir,
      SITE_URL: base,
      DATABASE_URL: database.url,
      // Every post comes from 127.0.0.1, far faster than any office would send them.
      FORM_RATE_LIMIT: "100000",
      MAIL_POLL_SECONDS: "1",
    });
    await waitReady(server);
    expect(await ready(base)).toBe(200);

    // Load: WORKERS loops of posts and database-backed page reads, until told to stop.
    const answers: Answer[] = [];
    const kinds: Kind[] = ["post", "incentives", "post", "policy", "post", "state", "industry", "about"];
    let stop = false;
    const workers = Array.from({ length: WORKERS }, async (_, worker) => {
      for (let i = worker; !stop; i++) answers.push(await request(base, kinds[i % kinds.length] as Kind));
    });
    const accepted = () => answers.filter((a) => a.kind === "post" && a.status === 302);
    await expect.poll(() => accepted().length, { timeout: 60_000 }).toBeGreaterThanOrEqual(30);

    // Stop PostgreSQL mid-load ("fast": open sessions are cut at once).
    const stoppingAt = Date.now();
    database.stop();
    const downAt = Date.now();
    await expect.poll(() => ready(base), { timeout: 10_000 }).toBe(503);
    // Keep the load on until plenty of requests were both sent and answered while it was down.
    const duringOutage = () => answers.filter((a) => a.startedAt > downAt);
    await expect
      .poll(() => duringOutage().filter((a) => a.kind === "post").length, { timeout: 60_000 })
      .toBeGreaterThanOrEqual(30);
    await expect.poll(() => duringOutage().filter((a) => a.kind !== "post").length).toBeGreaterThanOrEqual(30);

    // What a person sees: one browser visit during the outage.
    const visit = await gotoReady(page, `${base}/incentives?q=outage-${Date.now()}`);
    expect(visit?.status()).toBe(503);
    expect(visit?.headers()["retry-after"]).toBe("30");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(SERVICE_UNAVAILABLE_TITLE);
    await expect(page.getByText("If you were sending us a form, it was not received.")).toBeVisible();
    await expectNoAxeViolations(page);

    // Start it again on the same port and folder: the same server process recovers.
    const restartingAt = Date.now();
    database.start();
    const upAt = Date.now();
    const outageAnswers = answers.filter((a) => a.startedAt > downAt && a.endedAt < restartingAt);
    await expect
      .poll(
        async () => {
          const [read, post] = await Promise.all([request(base, "incentives"), request(base, "post")]);
          answers.push(read, post);
          return `${read.status} ${post.status}`;
        },
        { timeout: RECOVERY_BOUND_MS, intervals: [100, 250, 500] },
      )
      .toBe("200 302");
    const recoveredAt = Date.now();
    await expect.poll(() => ready(base), { timeout: RECOVERY_BOUND_MS }).toBe(200);
    const afterRecovery = () => answers.filter((a) => a.startedAt > recoveredAt);
    await expect
      .poll(() => afterRecovery().filter((a) => a.kind === "post" && a.status === 302).length, { timeout: 60_000 })
      .toBeGreaterThanOrEqual(20);
    stop = true;
    await Promise.all(workers);
    server.child.kill("SIGTERM");
    expect(await exited(server.child)).toBe(0);

    // Every answer: the success it should be, or a 503 that says why; never a 500, never none.
    const problems = answers.filter((a) => ![200, 302, 503].includes(a.status));
    expect(
      problems.map((a) => `${a.kind} ${a.status} ${a.body.slice(0, 200)}`),
      "only 200, 302 and 503",
    ).toEqual([]);
    for (const answer of answers.filter((a) => a.status === 503)) {
      expect(answer.retryAfter, `${answer.kind}: Retry-After`).toBe("30");
      if (answer.kind === "post") {
        // "Not received", or (connection lost during COMMIT) "could not confirm".
        expect([html(databaseDownMessages.notReceived), html(databaseDownMessages.unconfirmed)]).toContainEqual(
          answer.body.includes(html(databaseDownMessages.unconfirmed))
            ? html(databaseDownMessages.unconfirmed)
            : answer.body.includes(html(databaseDownMessages.notReceived))
              ? html(databaseDownMessages.notReceived)
              : answer.body.slice(0, 300),
        );
      } else {
        expect(answer.body).toContain(html(SERVICE_UNAVAILABLE_TITLE));
      }
    }
    for (const answer of answers.filter((a) => a.kind === "post" && a.status === 302)) {
      expect(answer.location).toBe("/thank-you");
    }
    // While it was down, everything that needs it said 503; the page that does not stayed up.
    expect(outageAnswers.length).toBeGreaterThanOrEqual(60);
    for (const answer of outageAnswers) {
      expect(`${answer.kind} ${answer.status}`).toBe(`${answer.kind} ${answer.kind === "about" ? 200 : 503}`);
    }

    // The database: whole leads only, and only those the visitor was told were received.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const rows = (
      await client.query<{ email: string; jobs: number; staff_jobs: number }>(`
        select l.email,
               (select count(*) from email_outbox o where o.lead_id = l.id)::int as jobs,
               (select count(*) from email_outbox o where o.lead_id = l.id and o.template = 'staff-notification')::int as staff_jobs
        from leads l where l.email like 'fault-%@load.example'`)
    ).rows;
    const orphanJobs = (
      await client.query<{ n: number }>(
        "select count(*)::int as n from email_outbox where lead_id is null and lead_submission_id is null and template = 'staff-notification'",
      )
    ).rows[0]?.n;
    await client.end();

    const stored = new Map<string, { jobs: number; staff_jobs: number }[]>();
    for (const row of rows) stored.set(row.email, [...(stored.get(row.email) ?? []), row]);
    const posts = answers.filter((a) => a.kind === "post");
    const acceptedPosts = posts.filter((a) => a.status === 302);
    const refusedPosts = posts.filter(
      (a) => a.status === 503 && a.body.includes(html(databaseDownMessages.notReceived)),
    );
    // Connection lost while COMMIT was under way: stored or not, nobody can know (the visitor
    // was told so and asked to send it again); either way never half-stored.
    const unconfirmedPosts = posts.filter(
      (a) => a.status === 503 && a.body.includes(html(databaseDownMessages.unconfirmed)),
    );
    for (const post of acceptedPosts) {
      const found = stored.get(post.email as string) ?? [];
      expect(found, `${post.email}: accepted, so stored once`).toHaveLength(1);
      expect(found[0]).toEqual({ email: post.email, jobs: 1, staff_jobs: 1 });
    }
    for (const post of refusedPosts) {
      expect(stored.get(post.email as string) ?? [], `${post.email}: told it was not received`).toEqual([]);
    }
    const unconfirmedStored = unconfirmedPosts.filter((post) => stored.has(post.email as string)).length;
    for (const post of unconfirmedPosts) expect((stored.get(post.email as string) ?? []).length).toBeLessThanOrEqual(1);
    // Nothing stored that nobody was told about, and no lead without its e-mail job.
    expect(rows).toHaveLength(acceptedPosts.length + unconfirmedStored);
    expect(rows.filter((row) => row.jobs !== 1)).toEqual([]);
    expect(orphanJobs).toBe(0);

    test.info().annotations.push({
      type: "fault-postgres",
      description:
        `${answers.length} requests (${posts.length} posts: ${acceptedPosts.length} accepted, ${refusedPosts.length} refused with 503, ` +
        `${unconfirmedPosts.length} unconfirmed of which ${unconfirmedStored} stored); ` +
        `stop took ${downAt - stoppingAt} ms, outage ${restartingAt - downAt} ms with ${outageAnswers.length} answers in it; ` +
        `PostgreSQL accepting after ${upAt - restartingAt} ms, app serving and storing ${recoveredAt - upAt} ms later; ` +
        `slowest answer ${Math.max(...answers.map((a) => a.endedAt - a.startedAt))} ms`,
    });
  } finally {
    await cleanUp(server, database, dataDir);
  }
});

test("the staff area while PostgreSQL is down: a signed-in member gets the 503 page, sign-in is refused without being counted, and both work once it is back", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = { email: "outage-admin@example.com", password: "Outage!Pass1" };
  let database: PrivatePostgres | undefined;
  let server: Started | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "solar-fault-staff-"));
  const visitor = await browser.newContext();
  try {
    database = createPrivatePostgres();
    database.start();
    execFileSync(
      process.execPath,
      ["--import", "tsx", "scripts/admin-create.ts", "--email", admin.email, "--password", admin.password],
      { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: database.url }, stdio: "pipe" },
    );
    const port = freePortSync();
    const base = `http://127.0.0.1:${port}`;
    server = startServer({ PORT: String(port), DATA_DIR: dataDir, SITE_URL: base, DATABASE_URL: database.url });
    await waitReady(server);

    const signInWith = async (target: typeof page) => {
      await target.getByLabel("Email").fill(admin.email);
      await target.getByLabel("Password", { exact: true }).fill(admin.password);
      await target.getByRole("button", { name: "Login" }).click();
    };
    await page.goto(`${base}/login`);
    await signInWith(page);
    await page.waitForURL(`${base}/admin/leads`);
    // Another person, on the sign-in page when the database goes.
    const login = await visitor.newPage();
    await login.goto(`${base}/login`);

    database.stop();
    await expect.poll(() => ready(base), { timeout: 10_000 }).toBe(503);

    // Signed in: the page that says the database is down, not the sign-in page and not a 500.
    const during = await page.goto(`${base}/admin/leads`);
    expect(during?.status()).toBe(503);
    expect(during?.headers()["retry-after"]).toBe("30");
    expect(page.url()).toBe(`${base}/admin/leads`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(SERVICE_UNAVAILABLE_TITLE);
    await expectNoAxeViolations(page);

    // Signing in: told why, not "invalid email or password"; attempts are not failures.
    await signInWith(login);
    await expect(login.getByRole("alert").filter({ hasText: loginToasts.unavailable.title })).toBeVisible();
    await expect(login.getByText("Invalid email or password")).toHaveCount(0);
    for (let attempt = 0; attempt < 6; attempt++) {
      const answer = await visitor.request.post(`${base}/login`, {
        form: { mode: "login", email: admin.email, password: "Wrong!Pass1" },
        headers: { Origin: base },
        maxRedirects: 0,
      });
      expect(answer.status(), await answer.text()).toBe(503);
      expect(answer.headers()["retry-after"]).toBe("30");
    }

    database.start();
    await expect.poll(() => ready(base), { timeout: 30_000 }).toBe(200);
    // The same session works again, and the attempts made during the outage locked nobody out.
    const after = await page.goto(`${base}/admin/leads`);
    expect(after?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(SERVICE_UNAVAILABLE_TITLE);
    await login.goto(`${base}/login`);
    await signInWith(login);
    await login.waitForURL(`${base}/admin/leads`);
  } finally {
    await visitor.close();
    await cleanUp(server, database, dataDir);
  }
});
