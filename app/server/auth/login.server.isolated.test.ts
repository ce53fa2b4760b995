import type { RouterContextProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loginToasts } from "~/lib/validation/login";

// The whole server under a real PostgreSQL outage: tests/e2e/fault-postgres.spec.ts.

const mocks = vi.hoisted(() => ({
  signInEmail: vi.fn<() => Promise<Response>>(),
  signUpEmail: vi.fn<() => Promise<unknown>>(),
  sendVerificationEmail: vi.fn<() => Promise<unknown>>(),
  beginSignIn: vi.fn<() => Promise<number>>(),
  signInSucceeded: vi.fn<() => Promise<void>>(),
  signInNotCounted: vi.fn<() => Promise<void>>(),
  signInBusy: vi.fn<() => Promise<void>>(),
  takeSignUp: vi.fn<() => Promise<number>>(),
  firstRefusal: vi.fn<() => Promise<boolean>>(),
  recordAudit: vi.fn<() => Promise<void>>(),
  execute: vi.fn<() => Promise<unknown>>(),
}));

vi.mock("./auth.server", () => ({
  ACCOUNT_DISABLED: "ACCOUNT_DISABLED",
  authHeaders: (request: Request) => request.headers,
  getAuth: async () => ({
    api: {
      signInEmail: mocks.signInEmail,
      signUpEmail: mocks.signUpEmail,
      sendVerificationEmail: mocks.sendVerificationEmail,
    },
  }),
}));
vi.mock("./auth-limits.server", () => ({
  LOGIN_LIMITED_MESSAGE: "Too many attempts.",
  authLimits: async () => ({
    beginSignIn: mocks.beginSignIn,
    signInSucceeded: mocks.signInSucceeded,
    signInNotCounted: mocks.signInNotCounted,
    signInBusy: mocks.signInBusy,
    takeSignUp: mocks.takeSignUp,
    firstRefusal: mocks.firstRefusal,
    mailBudgetWait: async () => 0,
  }),
}));
vi.mock("../audit/audit-log.server", () => ({ recordAudit: mocks.recordAudit, auditAddress: () => "203.0.113.9" }));
vi.mock("../db/db.server", () => ({ getDb: async () => ({ execute: mocks.execute }) }));
vi.mock("../forms.server", () => ({ clientIp: () => "203.0.113.9" }));
vi.mock("./sign-in-standing.server", () => ({ signInStanding: async () => "unknown" }));

const { DATABASE_PROBE_MS, signIn, signUp } = await import("./login.server");
const { HashingBusyError } = await import("./password-hashing.server");
const { log } = await import("../log.server");

const refused = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

const context = {} as Readonly<RouterContextProvider>;
const attempt = () =>
  signIn(new Request("http://localhost/login", { method: "POST" }), context, "staff@example.com", "password");

beforeEach(() => {
  vi.resetAllMocks();
  mocks.beginSignIn.mockResolvedValue(0);
  mocks.signInSucceeded.mockResolvedValue();
  mocks.signInNotCounted.mockResolvedValue();
  mocks.signInBusy.mockResolvedValue();
  mocks.takeSignUp.mockResolvedValue(0);
  mocks.firstRefusal.mockResolvedValue(true);
  mocks.recordAudit.mockResolvedValue();
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
    expect(mocks.beginSignIn).toHaveBeenCalledWith("staff@example.com", "203.0.113.9", "unknown");
    expect(mocks.signInNotCounted).not.toHaveBeenCalled();
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
    expect(mocks.signInNotCounted).toHaveBeenCalledTimes(1);
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
    expect(mocks.signInNotCounted).toHaveBeenCalledTimes(1);
  });

  it("answers 503 when the database does not answer the probe in time", async () => {
    vi.useFakeTimers();
    mocks.signInEmail.mockResolvedValue(new Response("{}", { status: 500 }));
    mocks.execute.mockReturnValue(new Promise(() => {}));
    const outcome = attempt();
    await vi.advanceTimersByTimeAsync(DATABASE_PROBE_MS);
    expect(await outcome).toMatchObject({ ok: false, status: 503, counted: false });
    expect(mocks.signInNotCounted).toHaveBeenCalledTimes(1);
  });

  it("answers 503, counted nowhere, when the limits cannot be read", async () => {
    mocks.beginSignIn.mockRejectedValue(refused());
    expect(await attempt()).toMatchObject({ ok: false, status: 503, counted: false });
    expect(mocks.signInEmail).not.toHaveBeenCalled();
  });

  it("passes on an error that is not an outage", async () => {
    const bug = new TypeError("not an outage");
    mocks.beginSignIn.mockRejectedValue(bug);
    await expect(attempt()).rejects.toBe(bug);
  });
  it("gives the attempt back on a right password", async () => {
    mocks.signInEmail.mockResolvedValue(Response.json({ user: { id: "u1" } }));
    expect(await attempt()).toMatchObject({ ok: true, userId: "u1" });
    expect(mocks.signInSucceeded).toHaveBeenCalledWith("staff@example.com", "203.0.113.9", "unknown");
  });

  it("refuses with 429 before any password is checked once a limit is used up", async () => {
    mocks.beginSignIn.mockResolvedValue(600);
    expect(await attempt()).toMatchObject({ ok: false, status: 429, retryAfter: 600, counted: true });
    expect(mocks.signInEmail).not.toHaveBeenCalled();
  });

  it("answers 503 while every password check is busy: given back to the account, not to the address", async () => {
    mocks.signInEmail.mockRejectedValue(new HashingBusyError());
    expect(await attempt()).toMatchObject({ ok: false, status: 503, toast: loginToasts.busy, counted: false });
    expect(mocks.signInBusy).toHaveBeenCalledWith("staff@example.com", "203.0.113.9", "unknown");
    expect(mocks.signInNotCounted).not.toHaveBeenCalled();
  });

  it("sends a new confirmation link for the right password of an unconfirmed address", async () => {
    mocks.signInEmail.mockResolvedValue(new Response("{}", { status: 403 }));
    mocks.sendVerificationEmail.mockResolvedValue({ status: true });
    expect(await attempt()).toMatchObject({ ok: false, status: 403, toast: loginToasts.unconfirmed, counted: false });
    expect(mocks.sendVerificationEmail).toHaveBeenCalledWith({
      body: { email: "staff@example.com", callbackURL: "/login?notice=email-confirmed" },
    });
  });
});

describe("signUp", () => {
  it("is refused with 429 before anything is hashed once the address's sign-ups are used up", async () => {
    mocks.takeSignUp.mockResolvedValue(1200);
    expect(await signUp(context, "pat@example.com", "long password")).toMatchObject({
      ok: false,
      status: 429,
      retryAfter: 1200,
    });
    expect(mocks.signUpEmail).not.toHaveBeenCalled();
  });
  it("creates the account with the name taken from the e-mail", async () => {
    mocks.signUpEmail.mockResolvedValue({});
    expect(await signUp(context, " pat.smith@example.com ", "long password")).toEqual({ ok: true });
    expect(mocks.signUpEmail).toHaveBeenCalledWith({
      body: {
        email: "pat.smith@example.com",
        password: "long password",
        name: expect.any(String),
        callbackURL: "/login?notice=email-confirmed",
      },
    });
    expect(mocks.takeSignUp).toHaveBeenCalledWith("203.0.113.9");
  });

  it("answers 503 with Retry-After when the database is down, as sign-in does", async () => {
    mocks.signUpEmail.mockRejectedValue(refused());
    expect(await signUp(context, "pat@example.com", "long password")).toMatchObject({
      ok: false,
      status: 503,
      retryAfter: 30,
      toast: loginToasts.unavailable,
    });
  });

  it("answers 500 for any other failure", async () => {
    mocks.signUpEmail.mockRejectedValue(new Error("better-auth broke"));
    expect(await signUp(context, "pat@example.com", "long password")).toMatchObject({
      ok: false,
      status: 500,
      toast: loginToasts.failed,
    });
  });
});
