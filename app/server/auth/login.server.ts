import { sql } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import type { AuditAction } from "~/lib/audit";
import type { ToastMessage } from "~/lib/toast";
import { fullNameFromEmail, loginToasts } from "~/lib/validation/login";
import { auditAddress, recordAudit } from "../audit/audit-log.server";
import { TimeoutError, withTimeout } from "../cluster/timeout.server";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "../db/availability.server";
import { getDb } from "../db/db.server";
import { clientIp } from "../forms.server";
import { errorFields, log } from "../log.server";
import { ACCOUNT_DISABLED, authHeaders, getAuth } from "./auth.server";
import { authLimits, LOGIN_LIMITED_MESSAGE } from "./auth-limits.server";
import { HashingBusyError, withHashTicket } from "./password-hashing.server";
import { signInStanding } from "./sign-in-standing.server";

export type Refusal = {
  ok: false;
  status: number;
  toast: ToastMessage;
  /** Seconds, for Retry-After. */
  retryAfter?: number;
  counted: boolean;
};

export type SignInOutcome = { ok: true; headers: Headers; userId: string | null; twoFactor: boolean } | Refusal;

export async function signIn(
  request: Request,
  context: Readonly<RouterContextProvider>,
  email: string,
  password: string,
): Promise<SignInOutcome> {
  try {
    return await attemptSignIn(request, context, email, password);
  } catch (error) {
    // The database is down: nothing was checked, so nothing is counted against the person.
    if (!isDatabaseUnavailable(error)) throw error;
    log.warn(errorFields(error), "Sign-in refused: the database is not answering");
    return UNAVAILABLE;
  }
}

const UNAVAILABLE: Refusal = {
  ok: false,
  status: 503,
  retryAfter: DATABASE_RETRY_AFTER_SECONDS,
  toast: loginToasts.unavailable,
  counted: false,
};

async function attemptSignIn(
  request: Request,
  context: Readonly<RouterContextProvider>,
  email: string,
  password: string,
): Promise<SignInOutcome> {
  const address = clientIp(context);
  const limits = await authLimits();
  const audit = (action: AuditAction, actorId: string | null = null, details?: Record<string, unknown>) =>
    recordAudit({
      action,
      actorId,
      actorEmail: actorId ? email.trim().toLowerCase() : null,
      subject: email.trim().toLowerCase(),
      details,
      address: auditAddress(context),
    });
  const standing = await signInStanding(request, email, address);
  // Taken before the password is hashed: concurrent guesses cannot all slip in.
  const retryAfter = await limits.beginSignIn(email, address, standing);
  if (retryAfter > 0) {
    if (await limits.firstRefusal(email, address)) await audit("sign-in.limited");
    return limited(retryAfter, LOGIN_LIMITED_MESSAGE);
  }
  const outcome = await withHashTicket({ standing, address }, () =>
    checkPassword(authHeaders(request, context), email, password),
  );
  if (outcome.ok) await limits.signInSucceeded(email, address, standing);
  else if (outcome === BUSY) await limits.signInBusy(email, address, standing);
  else if (!outcome.counted) await limits.signInNotCounted(email, address, standing);
  if (outcome.ok && !outcome.twoFactor) await audit("sign-in.ok", outcome.userId);
  if (!outcome.ok && outcome.counted) await audit("sign-in.failed");
  return outcome;
}

function limited(retryAfter: number, description: string): Refusal {
  return {
    ok: false,
    status: 429,
    retryAfter,
    toast: { title: loginToasts.tooMany.title, description, variant: "destructive" },
    counted: true,
  };
}

const BUSY: Refusal = { ok: false, status: 503, retryAfter: 5, toast: loginToasts.busy, counted: false };

async function checkPassword(requestHeaders: Headers, email: string, password: string): Promise<SignInOutcome> {
  const auth = await getAuth();
  let response: Response;
  try {
    response = await auth.api.signInEmail({
      body: { email: email.trim(), password },
      headers: requestHeaders,
      asResponse: true,
    });
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
    if (error instanceof HashingBusyError) return BUSY;
    log.error(errorFields(error), "Sign-in failed");
    return { ok: false, status: 500, toast: loginToasts.failed, counted: false };
  }
  if (response.ok) {
    const headers = new Headers();
    for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
    const body = (await response.json().catch(() => null)) as {
      user?: { id?: unknown };
      twoFactorRedirect?: unknown;
    } | null;
    const userId = typeof body?.user?.id === "string" ? body.user.id : null;
    return { ok: true, headers, userId, twoFactor: body?.twoFactorRedirect === true };
  }
  if (response.status >= 500) {
    // better-auth's store failed (500): not the person's failure, never counted.
    log.error({ status: response.status }, "Sign-in failed on the server");
    if (!(await databaseAnswers())) return UNAVAILABLE;
    return { ok: false, status: 500, toast: loginToasts.failed, counted: false };
  }
  if (
    response.status === 403 &&
    (
      await response
        .clone()
        .json()
        .catch(() => null)
    )?.code === ACCOUNT_DISABLED
  ) {
    // Same answer as a wrong password: tells nobody the account exists or was disabled.
    return { ok: false, status: 401, toast: loginToasts.invalidCredentials, counted: true };
  }
  if (response.status === 403) {
    await resendConfirmation(email);
    return { ok: false, status: 403, toast: loginToasts.unconfirmed, counted: false };
  }
  const toast = response.status === 401 ? loginToasts.invalidCredentials : loginToasts.failed;
  return { ok: false, status: response.status === 401 ? 401 : 400, toast, counted: true };
}

const CONFIRMED_CALLBACK = "/login?notice=email-confirmed";

async function resendConfirmation(email: string): Promise<void> {
  try {
    await (await getAuth()).api.sendVerificationEmail({
      body: { email: email.trim(), callbackURL: CONFIRMED_CALLBACK },
    });
  } catch (error) {
    log.error(errorFields(error), "Confirmation e-mail could not be queued again");
  }
}

/** A database that accepts connections but never answers must not hold the sign-in page. */
export const DATABASE_PROBE_MS = 2_000;

async function databaseAnswers(): Promise<boolean> {
  try {
    await withTimeout(
      getDb().then((db) => db.execute(sql`select 1`)),
      DATABASE_PROBE_MS,
      "database",
    );
    return true;
  } catch (error) {
    return !(error instanceof TimeoutError || isDatabaseUnavailable(error));
  }
}

export async function signUp(
  context: Readonly<RouterContextProvider>,
  email: string,
  password: string,
): Promise<{ ok: true } | Refusal> {
  try {
    const limits = await authLimits();
    const paused = await limits.mailBudgetWait("sign-up");
    if (paused > 0) return { ...limited(paused, SIGN_UP_PAUSED_MESSAGE), counted: false };
    const address = clientIp(context);
    const retryAfter = await limits.takeSignUp(address);
    if (retryAfter > 0) return { ...limited(retryAfter, SIGN_UP_LIMITED_MESSAGE), counted: false };
    const auth = await getAuth();
    // With confirmation required, better-auth answers the same for a taken address: no account enumeration.
    await withHashTicket({ standing: "unknown", address }, () =>
      auth.api.signUpEmail({
        body: { email: email.trim(), password, name: fullNameFromEmail(email), callbackURL: CONFIRMED_CALLBACK },
      }),
    );
    return { ok: true };
  } catch (error) {
    if (error instanceof HashingBusyError) return BUSY;
    log.error(errorFields(error), "Sign-up failed");
    if (isDatabaseUnavailable(error)) return UNAVAILABLE;
    return { ok: false, status: 500, toast: loginToasts.failed, counted: false };
  }
}

const SIGN_UP_LIMITED_MESSAGE = "Too many accounts were created from your network. Please try again later.";
export const SIGN_UP_PAUSED_MESSAGE =
  "Sign-up is paused for now: no confirmation e-mail can go out. Please try again later.";
