import { z } from "zod";
import { billMessages } from "./bill-file";
import { isValidEmail, normalizePhone, plainText, trimmedText } from "./common";

export const billSchema = z.object({
  businessName: plainText("Business name").pipe(
    z.string().min(2, billMessages.businessName).max(100, billMessages.businessName),
  ),
  contactPerson: plainText("Contact person name").pipe(
    z.string().min(2, billMessages.contactPerson).max(50, billMessages.contactPerson),
  ),
  email: trimmedText.refine(isValidEmail, billMessages.email),
  phone: trimmedText.transform((value, ctx) => {
    if (!value) return null;
    const phone = normalizePhone(value);
    if (!phone) ctx.addIssue({ code: "custom", message: billMessages.phone });
    return phone;
  }),
  monthlyBillAmount: trimmedText.transform((value, ctx) => {
    if (!value) return null;
    const amount = Number(value);
    if (!Number.isFinite(amount) || amount < 0 || amount > 100_000) {
      ctx.addIssue({ code: "custom", message: billMessages.monthlyBill });
      return null;
    }
    return Math.round(amount * 100) / 100;
  }),
});

export const billFields = ["businessName", "contactPerson", "email", "phone", "monthlyBillAmount"] as const;

export * from "./bill-file";
