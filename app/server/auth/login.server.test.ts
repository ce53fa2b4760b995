import type { RouterContextProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loginToasts } from "~/lib/validation/login";

/**
 * `signIn`'s and `signUp`'s answers when better-auth or the database fail (decision 0015): the real module, with
 * better-auth, the limits and the database replaced. The whole server under a real PostgreSQL
 * outage is tested in tests/e2e/fault-postgres.spec.ts.
 */

const mocks = vi.hoisted(() => ({
  signInEmail: vi.fn<() => Promise<Response>>(),
  signUpEmail: vi.fn<() => Promise<unknown>>(),
  loginRetryAfter: vi.fn<() => Promise<number>>(),
  recordFailedLogin: vi.fn<() => Promise<void>>(),
  clearFailedLogins: vi.fn<() => Promise<void>>(),
  execute: vi.fn<() => Promise<unknown>>(),
}));

vi.mock("./auth.server", () => ({
  getAuth: async () => ({
    api: { signInEmail: mocks.signInEmail, signUpEmail: mocks.signUpEmail },
  }),
}));
vi.mock("./login-limits.server", () => ({
  LOGIN_LIMITED_MESSAGE: "Too many attempts.",
  loginRetryAfter: mocks.loginRetryAfter,
  recordFailedLogin: mocks.recordFailedLogin,
  clearFailedLogins: mocks.clearFailedLogins,
}));
vi.mock("../db/db.server", () => ({ getDb: async () => ({ execute: mocks.execute }) }));
vi.mock("../forms.server", () => ({ clientIp: () => "203.0.113.9" }));

const { DATABASE_PROBE_MS, signIn, signUp } = await import("./login.server");
const { log } = await import("../log.server");

/** What `pg` throws when PostgreSQL refuses connections. */
const refused = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

const attempt = () =>
  signIn(
    new Request("http://localhost/login", { method: "POST" }),
    {} as Readonly<RouterContextProvider>,
    "staff@example.com",
    "password",
  );

beforeEach(() => {
  vi.resetAllMocks();
  mocks.loginRetryAfter.mockResolvedValue(0);
  mocks.recordFailedLogin.mockResolvedValue();
  mocks.clearFailedLogins.mockResolvedValue();
  mocks.execute.mockResolvedValue({ rows: [] });
  vi.spyOn(log, "error").mockImplementation(() => undefined);
  vi.spyOn(log, "warn").mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("signIn", () => {
  it("counts a wrong password against the person", async () => {
    mocks.signInEmail.mockResolvedValue(new Response("{}", { status: 401 }));
    expect(await attempt()).toMatchObject({ ok: false, status: 401, counted: true });
    expect(mocks.recordFailedLogin).toHaveBeenCalledWith("staff@example.com", "203.0.113.9");
  });

  it("answers 500, counted nowhere, when better-auth fails while the database answers", async () => {
    mocks.signInEmail.mockResolvedValue(new Response("{}", { status: 500 }));
    expect(await attempt()).toMatchObject({
      ok: false,
      status: 500,
      toast: loginToasts.failed,
      counted: false,
    });
    expect(mocks.execute).toHaveBeenCalledTimes(1);
    expect(mocks.recordFailedLogin).not.toHaveBeenCalled();
  });

  it("answers 503 with Retry-After, counted nowhere, when better-auth fails and the database is down", async () => {
    mocks.signInEmail.mockResolvedValue(new Response("{}", { status: 500 }));
    mocks.execute.mockRejectedValue(refused());
    expect(await attempt()).toMatchObject({
      ok: false,
      status: 503,
      retryAfter: 30,
      toast: loginToasts.unavailable,
      counted: false,
    });
    expect(mocks.recordFailedLogin).not.toHaveBeenCalled();
  });

  it("answers 503 when the database does not answer the probe in time", async () => {
    vi.useFakeTimers();
    mocks.signInEmail.mockResolvedValue(new Response("{}", { status: 500 }));
    mocks.execute.mockReturnValue(new Promise(() => {}));
    const outcome = attempt();
    await vi.advanceTimersByTimeAsync(DATABASE_PROBE_MS);
    expect(await outcome).toMatchObject({ ok: false, status: 503, counted: false });
    expect(mocks.recordFailedLogin).not.toHaveBeenCalled();
  });

  it("answers 503, counted nowhere, when the limits cannot be read", async () => {
    mocks.loginRetryAfter.mockRejectedValue(refused());
    expect(await attempt()).toMatchObject({ ok: false, status: 503, counted: false });
    expect(mocks.signInEmail).not.toHaveBeenCalled();
  });

  it("passes on an error that is not an outage", async () => {
    const bug = new TypeError("not an outage");
    mocks.loginRetryAfter.mockRejectedValue(bug);
    await expect(attempt()).rejects.toBe(bug);
  });
});

describe("signUp", () => {
  it("creates the account with the name taken from the e-mail", async () => {
    mocks.signUpEmail.mockResolvedValue({});
    expect(await signUp(" pat.smith@example.com ", "long password")).toEqual({ ok: true });
    expect(mocks.signUpEmail).toHaveBeenCalledWith({
      body: { email: "pat.smith@example.com", password: "long password", name: expect.any(String) },
    });
  });

  it("answers 503 with Retry-After when the database is down, as sign-in does", async () => {
    mocks.signUpEmail.mockRejectedValue(refused());
    expect(await signUp("pat@example.com", "long password")).toMatchObject({
      ok: false,
      status: 503,
      retryAfter: 30,
      toast: loginToasts.unavailable,
    });
  });

  it("answers 500 for any other failure", async () => {
    mocks.signUpEmail.mockRejectedValue(new Error("better-auth broke"));
    expect(await signUp("pat@example.com", "long password")).toMatchObject({
      ok: false,
      status: 500,
      toast: loginToasts.failed,
    });
  });
});
