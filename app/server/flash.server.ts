import { createCookie } from "react-router";
import { z } from "zod";

/**
 * One-shot messages carried across a redirect (the spec's toasts, also without JavaScript).
 * The cookie name starts with `sa_` so the HTML cache never serves or stores such a page.
 */
export type Toast = { title: string; description?: string; variant?: "success" | "destructive" };

const toastSchema = z.object({
  title: z.string().max(200),
  description: z.string().max(1000).optional(),
  variant: z.enum(["success", "destructive"]).optional(),
});

const flashCookie = createCookie("sa_flash", { httpOnly: true, sameSite: "lax", path: "/", maxAge: 120 });

export async function flashToastHeaders(toast: Toast): Promise<Headers> {
  return new Headers({ "Set-Cookie": await flashCookie.serialize(toast) });
}

/** The pending toast, if any, and the header that clears it. */
export async function takeFlashToast(request: Request): Promise<{ toast: Toast | null; headers?: HeadersInit }> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("sa_flash=")) return { toast: null };
  const parsed = toastSchema.safeParse(await flashCookie.parse(header).catch(() => null));
  return {
    toast: parsed.success ? parsed.data : null,
    headers: { "Set-Cookie": await flashCookie.serialize("", { maxAge: 0 }) },
  };
}
