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

/** A sign-in or sign-up that did not go through: what the page answers. */
export type Refusal = {
  ok: false;
  status: number;
  toast: ToastMessage;
  /** Seconds, for the Retry-After header (429, or 503 while the database is down). */
  retryAfter?: number;
  /** Whether this was a failed attempt of the person's (the page counts those, spec: 5). */
  counted: boolean;
};

/** `twoFactor`: the password was right; the session waits for a second factor (/login/two-factor). */
export type SignInOutcome = { ok: true; headers: Headers; userId: string | null; twoFactor: boolean } | Refusal;

/**
 * Signs in through better-auth on the server, after the failed-login limits (per address and
 * per e-mail). The session cookie better-auth sets is passed on with the redirect.
 */
export async function signIn(
  request: Request,
  context: Readonly<RouterContextProvider>,
  email: string,
  password: string,
): Promise<SignInOutcome> {
  try {
    return await attemptSignIn(request, context, email, password);
  } catch (error) {
    // The limits or the accounts could not be read: the database is down. Nothing was checked,
    // so nothing is counted against the person.
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
  // Staff on a trusted device or a known network go ahead of strangers while the checks are busy.
  const standing = await signInStanding(request, email, address);
  // The attempt is taken before the password is hashed: concurrent guesses cannot all slip in.
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
  // A right password with a second factor to come is recorded when that step ends.
  if (outcome.ok && !outcome.twoFactor) await audit("sign-in.ok", outcome.userId);
  if (!outcome.ok && outcome.counted) await audit("sign-in.failed");
  return outcome;
}

/** A 429 refusal, counted by the page as a failed attempt. */
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

/** better-auth's check of the password, its answer turned into ours. */
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
    // better-auth failed on its side (it answers 500 for an error of its store): not the person's
    // failure, never counted; with the database down, say so.
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
    // Answered exactly as a wrong password: the right password of a disabled account tells nobody
    // that the account exists or what an administrator did.
    return { ok: false, status: 401, toast: loginToasts.invalidCredentials, counted: true };
  }
  if (response.status === 403) {
    // The right password for an address not yet confirmed (only its owner gets this far): a
    // new link is sent, within the account-mail allowance.
    await resendConfirmation(email);
    return { ok: false, status: 403, toast: loginToasts.unconfirmed, counted: false };
  }
  // better-auth answers 401 for a wrong e-mail or password alike.
  const toast = response.status === 401 ? loginToasts.invalidCredentials : loginToasts.failed;
  return { ok: false, status: response.status === 401 ? 401 : 400, toast, counted: true };
}

/** Where the confirmation link lands: the sign-in page, which says what happens next. */
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

/**
 * How long the sign-in waits for the database to answer `select 1` after better-auth failed. A
 * server that accepts connections but never answers (a stalled primary, a full pool) must not
 * hold the sign-in page: not answering in time counts as down.
 */
export const DATABASE_PROBE_MS = 2_000;

/** Whether the database answers a trivial query now (within DATABASE_PROBE_MS). */
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

/**
 * Spec: sign-up stores full_name from the e-mail; no role; the e-mail check goes out by the outbox.
 * Limited per address before anything is hashed (review N3); with the database down it is
 * refused as a sign-in is (503, Retry-After).
 */
export async function signUp(
  context: Readonly<RouterContextProvider>,
  email: string,
  password: string,
): Promise<{ ok: true } | Refusal> {
  try {
    const limits = await authLimits();
    // No confirmation could be sent this hour: no account is made that could not be confirmed.
    const paused = await limits.mailBudgetWait("sign-up");
    if (paused > 0) return { ...limited(paused, SIGN_UP_PAUSED_MESSAGE), counted: false };
    const address = clientIp(context);
    const retryAfter = await limits.takeSignUp(address);
    if (retryAfter > 0) return { ...limited(retryAfter, SIGN_UP_LIMITED_MESSAGE), counted: false };
    const auth = await getAuth();
    // With e-mail confirmation required, better-auth answers the same for a taken address, so the
    // page never tells a visitor which addresses have accounts.
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
