import { setTimeout as sleep } from "node:timers/promises";
import type { RouterContextProvider } from "react-router";
import { isDatabaseUnavailable } from "../db/availability.server";
import { clientIp } from "../forms.server";
import { errorFields, log } from "../log.server";
import { authHeaders, getAuth } from "./auth.server";
import { authLimits } from "./auth-limits.server";
import { HashingBusyError } from "./password-hashing.server";

/** Every reset request takes at least this long: a known and an unknown address answer alike. */
const RESET_REQUEST_FLOOR_MS = 400;

export type RequestOutcome = "sent" | { limited: number } | { paused: number } | "unavailable";

export async function requestPasswordReset(
  context: Readonly<RouterContextProvider>,
  email: string,
): Promise<RequestOutcome> {
  const started = Date.now();
  try {
    const limits = await authLimits();
    const wait = await limits.takeResetRequest(clientIp(context));
    if (wait > 0) return { limited: wait };
    const paused = await limits.mailBudgetWait("password-reset");
    if (paused > 0) return { paused };
    if (!(await limits.takeAccountMail(email, "password-reset"))) return { paused: 3600 };
    await (await getAuth()).api.requestPasswordReset({ body: { email: email.trim().toLowerCase() } });
    return "sent";
  } catch (error) {
    log.error(errorFields(error), "Password reset request failed");
    return "unavailable";
  } finally {
    await sleep(Math.max(0, RESET_REQUEST_FLOOR_MS - (Date.now() - started)));
  }
}

export type ResetOutcome = "changed" | "invalid-token" | "busy" | "unavailable";

export async function resetPassword(token: string, newPassword: string): Promise<ResetOutcome> {
  try {
    await (await getAuth()).api.resetPassword({ body: { token, newPassword } });
    return "changed";
  } catch (error) {
    if (error instanceof HashingBusyError) return "busy";
    if (isDatabaseUnavailable(error)) return "unavailable";
    if (statusOf(error) === 400) return "invalid-token";
    log.error(errorFields(error), "Password reset failed");
    return "unavailable";
  }
}

export type ChangeOutcome = "changed" | "wrong-password" | { limited: number } | "busy" | "unavailable";

export async function changePassword(
  request: Request,
  context: Readonly<RouterContextProvider>,
  who: { email: string },
  passwords: { current: string; next: string },
): Promise<{ outcome: ChangeOutcome; headers: Headers }> {
  const headers = new Headers();
  const address = clientIp(context);
  const limits = await authLimits();
  const wait = await limits.beginSignIn(who.email, address);
  if (wait > 0) return { outcome: { limited: wait }, headers };
  try {
    const response = await (await getAuth()).api.changePassword({
      body: { currentPassword: passwords.current, newPassword: passwords.next, revokeOtherSessions: true },
      headers: authHeaders(request, context),
      asResponse: true,
    });
    if (response.ok) {
      await limits.signInSucceeded(who.email, address);
      for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
      return { outcome: "changed", headers };
    }
    if (response.status === 400) return { outcome: "wrong-password", headers };
    log.error({ status: response.status }, "Password change failed");
  } catch (error) {
    if (error instanceof HashingBusyError) {
      await limits.signInNotCounted(who.email, address);
      return { outcome: "busy", headers };
    }
    log.error(errorFields(error), "Password change failed");
  }
  await limits.signInNotCounted(who.email, address);
  return { outcome: "unavailable", headers };
}

function statusOf(error: unknown): number | undefined {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === "number" ? status : undefined;
}
