import { APIError } from "better-auth/api";
import { and, eq, lt } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { getDb } from "../db/db.server";
import { session } from "../db/schema";
import { clientIp } from "../forms.server";
import { errorFields, log } from "../log.server";
import { authHeaders, getAuth } from "./auth.server";
import { authLimits } from "./auth-limits.server";
import { HashingBusyError } from "./password-hashing.server";
import { challengedAccount } from "./sign-in-standing.server";
import { claimTotpCode, forgetTotpStep } from "./totp-replay.server";

type Step<T> = { ok: true; value: T; headers: Headers } | { ok: false; reason: Failure; retryAfter?: number };
type Failure =
  | "wrong-password"
  | "invalid-code"
  | "locked"
  | "expired"
  | "limited"
  | "busy"
  | "not-enabled"
  | "refused"
  | "failed";

export type Enrolment = { totpUri: string; key: string; backupCodes: string[] };

async function call(run: () => Promise<Response>): Promise<{ response: Response; body: Record<string, unknown> }> {
  let response: Response;
  try {
    response = await run();
  } catch (error) {
    // better-auth does not turn a hook's thrown refusal into a Response: make it one.
    if (!(error instanceof APIError)) throw error;
    return { response: new Response(null, { status: error.statusCode }), body: { ...error.body } };
  }
  const body = (await response
    .clone()
    .json()
    .catch(() => ({}))) as Record<string, unknown>;
  return { response, body };
}

function cookiesOf(response: Response): Headers {
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}

function failureOf(status: number, code: unknown): Failure {
  if (code === "INVALID_PASSWORD") return "wrong-password";
  if (code === "INVALID_CODE" || code === "INVALID_BACKUP_CODE") return "invalid-code";
  if (status === 429 || code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE") return "locked";
  if (code === "INVALID_TWO_FACTOR_COOKIE") return "expired";
  if (code === "TWO_FACTOR_NOT_ENABLED" || code === "TOTP_NOT_ENABLED" || code === "BACKUP_CODES_NOT_ENABLED")
    return "not-enabled";
  return status < 500 ? "refused" : "failed";
}

async function withPassword<T>(
  context: Readonly<RouterContextProvider>,
  email: string,
  run: () => Promise<Step<T>>,
): Promise<Step<T>> {
  const limits = await authLimits();
  const address = clientIp(context);
  const wait = await limits.beginSignIn(email, address);
  if (wait > 0) return { ok: false, reason: "limited", retryAfter: wait };
  let step: Step<T>;
  try {
    step = await run();
  } catch (error) {
    if (!(error instanceof HashingBusyError)) log.error(errorFields(error), "Two-factor step failed");
    step = { ok: false, reason: error instanceof HashingBusyError ? "busy" : "failed" };
  }
  if (step.ok) await limits.signInSucceeded(email, address);
  else if (step.reason !== "wrong-password") await limits.signInNotCounted(email, address);
  return step;
}

export function startEnrolment(
  request: Request,
  context: Readonly<RouterContextProvider>,
  who: { id: string; email: string },
  password: string,
): Promise<Step<Enrolment>> {
  return withPassword(context, who.email, async () => {
    const { response, body } = await call(async () =>
      (await getAuth()).api.enableTwoFactor({
        body: { password },
        headers: authHeaders(request, context),
        asResponse: true,
      }),
    );
    if (!response.ok) return { ok: false, reason: failureOf(response.status, body.code) };
    const totpUri = String(body.totpURI ?? "");
    const key = new URL(totpUri).searchParams.get("secret") ?? "";
    const backupCodes = Array.isArray(body.backupCodes) ? body.backupCodes.map(String) : [];
    await forgetTotpStep(await getDb(), who.id);
    return { ok: true, value: { totpUri, key, backupCodes }, headers: cookiesOf(response) };
  });
}

/** Ends every earlier session: a device signed in with the password alone must not keep its access. */
export async function confirmEnrolment(
  request: Request,
  context: Readonly<RouterContextProvider>,
  who: { id: string },
  code: string,
): Promise<Step<null>> {
  const auth = await getAuth();
  // With a session the sign-in hook does not apply: the code is claimed here.
  const claim = await claimTotpCode(await getDb(), who.id, code, (await auth.$context).secretConfig);
  if (claim === "replayed") return { ok: false, reason: "invalid-code" };
  const confirming = new Date();
  const { response, body } = await call(async () =>
    auth.api.verifyTOTP({ body: { code }, headers: authHeaders(request, context), asResponse: true }),
  );
  if (!response.ok) return { ok: false, reason: failureOf(response.status, body.code) };
  const db = await getDb();
  await db.delete(session).where(and(eq(session.userId, who.id), lt(session.createdAt, confirming)));
  return { ok: true, value: null, headers: cookiesOf(response) };
}

export async function verifySignInCode(
  request: Request,
  context: Readonly<RouterContextProvider>,
  input: { code: string; backup: boolean; trustDevice: boolean },
): Promise<Step<{ userId: string | null; email: string | null }>> {
  const auth = await getAuth();
  const headers = authHeaders(request, context);
  // Locks the (account, address), not the account everywhere.
  const account = await challengedAccount(request);
  const limits = await authLimits();
  const address = clientIp(context);
  if (account) {
    const wait = await limits.beginSecondFactor(account, address);
    if (wait > 0) return { ok: false, reason: "locked", retryAfter: wait };
  }
  const payload = { body: { code: input.code, trustDevice: input.trustDevice }, headers, asResponse: true as const };
  const { response, body } = await call(() =>
    input.backup ? auth.api.verifyBackupCode(payload) : auth.api.verifyTOTP(payload),
  ).catch(async (error) => {
    if (account) await limits.endSecondFactor(account, address, { ok: false, counted: false });
    throw error;
  });
  const reason = response.ok ? null : failureOf(response.status, body.code);
  if (account) await limits.endSecondFactor(account, address, { ok: response.ok, counted: reason === "invalid-code" });
  if (reason) return { ok: false, reason };
  const user = body.user as { id?: unknown; email?: unknown } | undefined;
  const value = {
    userId: typeof user?.id === "string" ? user.id : null,
    email: typeof user?.email === "string" ? user.email : null,
  };
  return { ok: true, value, headers: cookiesOf(response) };
}

export function disableTwoFactor(
  request: Request,
  context: Readonly<RouterContextProvider>,
  who: { email: string },
  password: string,
): Promise<Step<null>> {
  return withPassword(context, who.email, async () => {
    const { response, body } = await call(async () =>
      (await getAuth()).api.disableTwoFactor({
        body: { password },
        headers: authHeaders(request, context),
        asResponse: true,
      }),
    );
    if (!response.ok) return { ok: false, reason: failureOf(response.status, body.code) };
    return { ok: true, value: null, headers: cookiesOf(response) };
  });
}

export function newBackupCodes(
  request: Request,
  context: Readonly<RouterContextProvider>,
  who: { email: string },
  password: string,
): Promise<Step<string[]>> {
  return withPassword(context, who.email, async () => {
    const { response, body } = await call(async () =>
      (await getAuth()).api.generateBackupCodes({
        body: { password },
        headers: authHeaders(request, context),
        asResponse: true,
      }),
    );
    if (!response.ok) return { ok: false, reason: failureOf(response.status, body.code) };
    const codes = Array.isArray(body.backupCodes) ? body.backupCodes.map(String) : [];
    return { ok: true, value: codes, headers: cookiesOf(response) };
  });
}
