import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type FakeSentry, startFakeSentry } from "../../tests/fake-sentry";
import {
  errorReportingEnabled,
  flushErrorReports,
  initErrorReporting,
  reportError,
  reportFailedAnswer,
} from "./error-reporting.server";
import { MAIL_OUTBOX_JOB } from "./mail/outbox.server";
import { OutboxWorker } from "./mail/outbox-worker.server";
import { startRepeating } from "./maintenance/scheduled.server";
import type { RequestReport } from "./request-context.server";

// Fresh modules: the SDK starts once per process, and the first test needs it not started.

const EMAIL = "jo.example@acme-farms.com";
const NAME = "Jo Example";
const PHONE = "555-867-5309";
const failure = (what: string) =>
  new Error(
    `${what}: insert into "leads" ("name", "email", "phone") values ($1, $2, $3)\nparams: ${NAME},${EMAIL},${PHONE}`,
  );

let ingest: FakeSentry;

beforeAll(async () => {
  ingest = await startFakeSentry();
});
afterAll(async () => {
  await ingest.close();
});

const eventsTagged = (name: string, value: string) => ingest.events().filter((event) => event.tags?.[name] === value);

describe("without SENTRY_DSN", () => {
  it("loads nothing and sends nothing, even with the SDK's own SENTRY_DSN variable set", async () => {
    vi.stubEnv("SENTRY_DSN", ingest.dsn);
    expect(await initErrorReporting({ dsn: undefined, environment: "test" })).toBe(false);
    expect(errorReportingEnabled()).toBe(false);
    expect(() => reportError(failure("Not sent"), { job: "Nothing" })).not.toThrow();
    reportFailedAnswer(500, { route: "/nothing" });
    await flushErrorReports();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(ingest.bodies).toEqual([]);
    vi.unstubAllEnvs();
  });
});

describe("with SENTRY_DSN", () => {
  beforeAll(async () => {
    expect(await initErrorReporting({ dsn: ingest.dsn, release: "solar-test@1.2.3", environment: "test" })).toBe(true);
  });

  it("reports a failed repeating job with its name and the release, without the lead's details", async () => {
    const stop = startRepeating({
      name: "Page-view retention",
      intervalMs: 60_000,
      run: () => Promise.reject(failure("Purge failed")),
    });
    await expect.poll(() => eventsTagged("job", "Page-view retention").length).toBe(1);
    await stop();
    const [event] = eventsTagged("job", "Page-view retention");
    expect(event).toMatchObject({ release: "solar-test@1.2.3", environment: "test" });
    expect(event?.exception?.values?.[0]?.value).toBe(
      'Purge failed: insert into "leads" ("name", "email", "phone") values ($1, $2, $3)',
    );
  });

  it("reports the outbox worker's failure with the worker's job name", async () => {
    const worker = new OutboxWorker(() => Promise.reject(failure("Delivery failed")), 60_000, MAIL_OUTBOX_JOB);
    worker.start();
    await expect.poll(() => eventsTagged("job", MAIL_OUTBOX_JOB).length).toBe(1);
    await worker.stop();
  });

  it("reports a 5xx answer once, with the error React Router caught and the route pattern", async () => {
    const report: RequestReport = { route: "/incentives/states/:state", error: failure("Loader failed") };
    reportFailedAnswer(500, report);
    reportFailedAnswer(500, report);
    await expect.poll(() => eventsTagged("route", "/incentives/states/:state").length).toBe(1);
    await flushErrorReports();
    expect(eventsTagged("route", "/incentives/states/:state")).toHaveLength(1);
  });

  it("reports a 500 a route answered without throwing as 'Answered 500'; not 503s or 4xx", async () => {
    reportFailedAnswer(503, { route: "/unavailable" });
    reportFailedAnswer(404, { route: "/missing", error: new Error("No route matches URL") });
    reportFailedAnswer(500, { route: "/talk-to-solar-advisor" });
    await expect.poll(() => eventsTagged("route", "/talk-to-solar-advisor").length).toBe(1);
    expect(eventsTagged("route", "/talk-to-solar-advisor")[0]?.exception?.values?.[0]?.value).toBe("Answered 500");
    expect(eventsTagged("route", "/unavailable")).toEqual([]);
    expect(eventsTagged("route", "/missing")).toEqual([]);
  });

  it("sent no e-mail address, name or phone number in any envelope", async () => {
    await flushErrorReports();
    expect(ingest.bodies.length).toBeGreaterThan(0);
    for (const body of ingest.bodies) {
      for (const personal of [EMAIL, NAME, PHONE, "acme-farms"]) expect(body).not.toContain(personal);
    }
  });

  it("never throws, whatever it is given", async () => {
    const hostile = {
      get message(): string {
        throw new Error("no");
      },
    };
    expect(() => reportError(hostile, { job: "Hostile" })).not.toThrow();
    expect(() => reportError(undefined)).not.toThrow();
  });
});
