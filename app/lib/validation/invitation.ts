import { z } from "zod";
import { STAFF_ROLES } from "../staff-messages";
import { isValidEmail } from "./common";

/** Days; the link works once. */
export const INVITATION_DAYS = 7;

export const invitationSchema = z.object({
  email: z
    .string({ error: "Enter the colleague's e-mail address." })
    .trim()
    .toLowerCase()
    .max(254, "That address is too long.")
    .refine(isValidEmail, "Enter a valid e-mail address, like name@company.com."),
  role: z.enum(STAFF_ROLES, { error: "Choose Admin or Editor." }),
});

export type InvitationInput = z.infer<typeof invitationSchema>;
