import type { RouterContextProvider } from "react-router";
import type { ToastMessage } from "~/components/ui/toast";
import { fullNameFromEmail, loginToasts } from "~/lib/validation/login";
import { clientIp } from "../forms.server";
import { errorFields, log } from "../log.server";
import { getAuth } from "./auth.server";
import { clearFailedLogins, LOGIN_LIMITED_MESSAGE, loginRetryAfter, recordFailedLogin } from "./login-limits.server";

export type SignInOutcome =
  | { ok: true; headers: Headers; userId: string | null }
  | { ok: false; status: number; toast: ToastMessage; retryAfter?: number };

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
  const address = clientIp(context);
  const retryAfter = await loginRetryAfter(email, address);
  if (retryAfter > 0) {
    return {
      ok: false,
      status: 429,
      retryAfter,
      toast: { title: loginToasts.tooMany.title, description: LOGIN_LIMITED_MESSAGE, variant: "destructive" },
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
    log.error(errorFields(error), "Sign-in failed");
    return { ok: false, status: 500, toast: loginToasts.failed };
  }
  if (response.ok) {
    await clearFailedLogins(email);
    const headers = new Headers();
    for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
    const body = (await response.json().catch(() => null)) as { user?: { id?: unknown } } | null;
    return { ok: true, headers, userId: typeof body?.user?.id === "string" ? body.user.id : null };
  }
  await recordFailedLogin(email, address);
  // better-auth answers 401 for a wrong e-mail or password, 403 for an unconfirmed e-mail.
  const toast = response.status === 401 ? loginToasts.invalidCredentials : loginToasts.failed;
  return { ok: false, status: response.status === 401 ? 401 : 400, toast };
}

/** Spec: sign-up stores full_name from the e-mail; no role; the e-mail check goes out by the outbox. */
export async function signUp(email: string, password: string): Promise<void> {
  const auth = await getAuth();
  // With e-mail confirmation required, better-auth answers the same for a taken address, so the
  // page never tells a visitor which addresses have accounts.
  await auth.api.signUpEmail({ body: { email: email.trim(), password, name: fullNameFromEmail(email) } });
}
