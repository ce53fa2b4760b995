import { z } from "zod";
import { STAFF_ROLES } from "../staff-messages";
import { controlCharacterMessage, hasControlCharacters, isValidEmail } from "./common";
import { PASSWORD_RULE_HINT, SIGNUP_PASSWORD_PATTERN } from "./login";

/**
 * The staff forms outside the content editor, checked in the browser (conform) and on the server.
 * conform reads an empty field as no value at all, so a field's "missing" message is its type's.
 */

export const NOTE_MAX = 5000;

/** A lead page's "Add a note". */
export const leadNoteSchema = z.object({
  body: z
    .string({ error: "Write the note first." })
    .trim()
    .refine((value) => !hasControlCharacters(value, true), {
      message: controlCharacterMessage("The note"),
      abort: true,
    })
    .min(1, "Write the note first.")
    .max(NOTE_MAX, `Keep the note under ${NOTE_MAX.toLocaleString("en-US")} characters.`),
});

/** The accounts page's role picker: a staff role, or `none` (the account keeps its sign-in, no access). */
export const ROLE_CHOICES = [...STAFF_ROLES, "none"] as const;
export type RoleChoice = (typeof ROLE_CHOICES)[number];

export const roleChoiceSchema = z.object({
  role: z.enum(ROLE_CHOICES, { error: "Choose Admin, Editor or No role." }),
});

/** "Forgot your password?": the address of the staff account. */
export const forgotPasswordSchema = z.object({
  email: z
    .string({ error: "Please enter a valid email address." })
    .trim()
    .max(254, "Please enter a valid email address.")
    .refine(isValidEmail, "Please enter a valid email address."),
});

const PASSWORD_RULE_MESSAGE = `The password does not meet the rule. ${PASSWORD_RULE_HINT}`;
const SAME_TWICE = { message: "The two passwords are not the same.", path: ["confirm"] };

/** A new password (reset, change, invitation): the sign-up rule, typed the same twice. */
const newPassword = {
  password: z.string({ error: PASSWORD_RULE_MESSAGE }).regex(SIGNUP_PASSWORD_PATTERN, PASSWORD_RULE_MESSAGE),
  confirm: z.string({ error: SAME_TWICE.message }),
};
const sameTwice = (value: { password?: string; confirm?: string }) => value.password === value.confirm;

export const resetPasswordSchema = z.object(newPassword).refine(sameTwice, SAME_TWICE);

const currentPassword = z
  .string({ error: "Enter your current password." })
  .max(128, "That is not your current password.");

export const changePasswordSchema = z
  .object({ current: currentPassword, ...newPassword })
  .refine(sameTwice, SAME_TWICE);

/** The name a new colleague gives on the invitation page: shown to other staff on notes. */
export const staffNameSchema = z
  .string({ error: "Enter your name." })
  .trim()
  .refine((value) => !hasControlCharacters(value), { message: controlCharacterMessage("Your name"), abort: true })
  .min(1, "Enter your name.")
  .max(80, "Keep the name under 80 characters.");

export const acceptInvitationSchema = z.object({ name: staffNameSchema, ...newPassword }).refine(sameTwice, SAME_TWICE);

/** A step of two-factor settings that asks for the password again (set up, new codes, turn off). */
export const passwordStepSchema = z.object({ current: currentPassword });

/** The code that turns two-factor on: the newest one the app shows. */
export const enrolmentCodeSchema = z.object({
  code: z
    .string({ error: "Enter the newest 6-digit code the app shows." })
    .transform((value) => value.replace(/\s+/g, ""))
    .pipe(
      z
        .string({ error: "Enter the newest 6-digit code the app shows." })
        .regex(/^\d{6}$/, "Enter the newest 6-digit code the app shows."),
    ),
});

/** The second step of a sign-in: a code from the app, or one of the backup codes. */
export const signInCodeSchema = z
  .object({
    method: z.enum(["totp", "backup"]).catch("totp"),
    code: z.string().optional(),
    trust: z.string().optional(),
  })
  .transform(({ method, code, trust }) => ({
    backup: method === "backup",
    code: (code ?? "").replace(/\s+/g, ""),
    trust: trust === "on",
  }))
  .superRefine(({ backup, code }, context) => {
    if (backup ? /^[A-Za-z0-9-]{6,32}$/.test(code) : /^\d{6}$/.test(code)) return;
    const message = backup ? "Enter one of your backup codes." : "Enter the 6-digit code from your authenticator app.";
    context.addIssue({ code: "custom", message, path: ["code"] });
  });
