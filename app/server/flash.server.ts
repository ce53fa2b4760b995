import { randomBytes } from "node:crypto";
import { type Cookie, createCookie } from "react-router";
import { z } from "zod";
import type { ToastMessage } from "~/lib/toast";
import { getConfig } from "./config.server";

/** The `sa_` cookie prefix keeps such a page out of the HTML cache. */
/** /thank-you words its message by this, never by a guessable query. */
export type SubmittedForm = "guide" | "consultation" | "bill" | "estimate";

const toastSchema = z.object({
  title: z.string().max(200),
  description: z.string().max(1000).optional(),
  variant: z.enum(["success", "destructive"]).optional(),
  form: z.enum(["guide", "consultation", "bill", "estimate"]).optional(),
});

let cookie: Cookie | undefined;

/** Signed: a message cannot be planted from a sibling subdomain or a plain-HTTP hop. */
function flashCookie(): Cookie {
  if (!cookie) {
    const config = getConfig();
    cookie = createCookie("sa_flash", {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      maxAge: 120,
      secure: config.SITE_URL.startsWith("https://"),
      secrets: [config.SESSION_SECRET ?? randomBytes(32).toString("hex")],
    });
  }
  return cookie;
}

export async function flashToastHeaders(toast: ToastMessage, form?: SubmittedForm): Promise<Headers> {
  return new Headers({ "Set-Cookie": await flashCookie().serialize(form ? { ...toast, form } : toast) });
}

export async function takeFlashToast(
  request: Request,
): Promise<{ toast: ToastMessage | null; form?: SubmittedForm; headers?: HeadersInit }> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("sa_flash=")) return { toast: null };
  const parsed = toastSchema.safeParse(
    await flashCookie()
      .parse(header)
      .catch(() => null),
  );
  if (!parsed.success)
    return { toast: null, headers: { "Set-Cookie": await flashCookie().serialize("", { maxAge: 0 }) } };
  const { form, ...toast } = parsed.data;
  return {
    toast,
    form,
    headers: { "Set-Cookie": await flashCookie().serialize("", { maxAge: 0 }) },
  };
}
