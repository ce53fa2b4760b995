import { staffContext } from "~/server/auth/staff-guard.server";
import type { AppDatabase } from "~/server/db/client.server";
import { requestContext } from "~/server/request-context.server";

/** Calling a staff route's loader or action directly, as the staff area's tests do. */
export const ORIGIN = "http://localhost:3000";

export type Answer = { status: number; data: Record<string, unknown> };

/** A request context whose loaders and actions use `handle`'s database. */
export function contextOf(handle: { db: AppDatabase }, address = "203.0.113.1") {
  return requestContext(address, null, async () => handle.db);
}

/** A loader's arguments with only a request context, on the process database. */
export const contextArgs = () => ({ context: requestContext("203.0.113.1") }) as never;

/** An action's answer, whether plain or wrapped by React Router's `data(value, init)`. */
export async function answerOf(run: () => Promise<unknown>): Promise<Answer> {
  const value = await run();
  if (value && typeof value === "object" && "init" in value && "data" in value) {
    const { init, data } = value as { init?: ResponseInit | null; data: Record<string, unknown> };
    return { status: init?.status ?? 200, data };
  }
  return { status: 200, data: value as Record<string, unknown> };
}

/** A same-origin form post (fields as an object, or pairs when a name repeats). */
export function formPost(
  pathname: string,
  fields: Record<string, string> | [string, string][] | URLSearchParams,
): Request {
  return new Request(`${ORIGIN}${pathname}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
    body: new URLSearchParams(fields).toString(),
  });
}

/** A request context signed in as this admin (the guard's middleware would have set it). */
export function adminContextOf(admin: { id: string; email: string; name: string }, address = "203.0.113.50") {
  const context = requestContext(address);
  context.set(staffContext, { ...admin, role: "admin", twoFactorEnabled: true, sessionId: "test-session" });
  return context;
}
