import { sql } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import type { ToastMessage } from "~/components/ui/toast";
import { fullNameFromEmail, loginToasts } from "~/lib/validation/login";
import { TimeoutError, withTimeout } from "../cluster/timeout.server";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "../db/availability.server";
import { getDb } from "../db/db.server";
import { clientIp } from "../forms.server";
import { errorFields, log } from "../log.server";
import { getAuth } from "./auth.server";
import { clearFailedLogins, LOGIN_LIMITED_MESSAGE, loginRetryAfter, recordFailedLogin } from "./login-limits.server";

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

export type SignInOutcome = { ok: true; headers: Headers; userId: string | null } | Refusal;

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
    // so nothing is counted against the person (issue 12, decision 0015).
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
  const retryAfter = await loginRetryAfter(email, address);
  if (retryAfter > 0) {
    return {
      ok: false,
      status: 429,
      retryAfter,
      toast: { title: loginToasts.tooMany.title, description: LOGIN_LIMITED_MESSAGE, variant: "destructive" },
      counted: true,
    };
  }
  const auth = await getAuth();
  let response: Response;
  try {
    response = await auth.api.signInEmail({
      body: { email: email.trim(), password },
      headers: request.headers,
      asResponse: true,
    });
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
    log.error(errorFields(error), "Sign-in failed");
    return { ok: false, status: 500, toast: loginToasts.failed, counted: false };
  }
  if (response.ok) {
    await clearFailedLogins(email);
    const headers = new Headers();
    for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
    const body = (await response.json().catch(() => null)) as { user?: { id?: unknown } } | null;
    return { ok: true, headers, userId: typeof body?.user?.id === "string" ? body.user.id : null };
  }
  if (response.status >= 500) {
    // better-auth failed on its side (it answers 500 for an error of its store): not the person's
    // failure, never counted; with the database down, say so.
    log.error({ status: response.status }, "Sign-in failed on the server");
    if (!(await databaseAnswers())) return UNAVAILABLE;
    return { ok: false, status: 500, toast: loginToasts.failed, counted: false };
  }
  await recordFailedLogin(email, address);
  // better-auth answers 401 for a wrong e-mail or password, 403 for an unconfirmed e-mail.
  const toast = response.status === 401 ? loginToasts.invalidCredentials : loginToasts.failed;
  return { ok: false, status: response.status === 401 ? 401 : 400, toast, counted: true };
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
 * With the database down it is refused as a sign-in is (503, Retry-After).
 */
export async function signUp(email: string, password: string): Promise<{ ok: true } | Refusal> {
  try {
    const auth = await getAuth();
    // With e-mail confirmation required, better-auth answers the same for a taken address, so the
    // page never tells a visitor which addresses have accounts.
    await auth.api.signUpEmail({ body: { email: email.trim(), password, name: fullNameFromEmail(email) } });
    return { ok: true };
  } catch (error) {
    log.error(errorFields(error), "Sign-up failed");
    if (isDatabaseUnavailable(error)) return UNAVAILABLE;
    return { ok: false, status: 500, toast: loginToasts.failed, counted: false };
  }
}
