import { parseWithZod } from "@conform-to/zod/v4";
import { eq } from "drizzle-orm";
import { data, type RouterContextProvider } from "react-router";
import { staffProfileSchema } from "~/lib/validation/staff-forms";
import { recordStaffAudit } from "../audit/staff-audit.server";
import type { AppDatabase } from "../db/client.server";
import { user } from "../db/schema";
import { staffContext } from "./staff-context.server";

export async function emailSignature(db: AppDatabase, userId: string): Promise<string | null> {
  const [row] = await db.select({ signature: user.emailSignature }).from(user).where(eq(user.id, userId));
  return row?.signature || null;
}

/** The account is the session's, never one named by the form. */
export async function saveStaffProfile(db: AppDatabase, context: Readonly<RouterContextProvider>, form: FormData) {
  const staff = context.get(staffContext);
  const submission = parseWithZod(form, { schema: staffProfileSchema });
  if (submission.status !== "success") {
    const toast = { title: "Nothing was changed", variant: "destructive" } as const;
    return data({ result: submission.reply(), toast }, { status: 400 });
  }
  const { name, signature } = submission.value;
  await db
    .update(user)
    .set({ name, emailSignature: signature || null, updatedAt: new Date() })
    .where(eq(user.id, staff.id));
  // The signature may hold a phone number: only whether there is one is logged.
  const details = { name, signature: signature ? "set" : "none" };
  await recordStaffAudit(context, { action: "profile.changed", subject: staff.email, details }, db);
  const toast = { title: "Name and signature saved", variant: "success" } as const;
  return data({ result: submission.reply(), toast });
}
