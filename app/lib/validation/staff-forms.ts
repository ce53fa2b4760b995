import { z } from "zod";
import { isIsoDate } from "../dates";
import { ACTIVITY_KINDS, ALL_OUTCOMES, NEXT_STEP_CHOICES, outcomeLabel } from "../lead-activity";
import { LEAD_STATUSES, NEXT_STEP_MAX } from "../lead-workspace";
import { STAFF_ROLES } from "../staff-messages";
import { controlCharacterMessage, hasControlCharacters, isValidEmail } from "./common";
import { PASSWORD_RULE_HINT, SIGNUP_PASSWORD_PATTERN } from "./login";

// conform reads an empty field as no value, so a field's "missing" message is its type's.

export const NOTE_MAX = 5000;

const optionalText = (what: string, max: number, multiLine = false) =>
  z
    .string()
    .trim()
    .refine((value) => !hasControlCharacters(value, multiLine), { message: controlCharacterMessage(what), abort: true })
    .max(max, `Keep ${what.toLowerCase()} under ${max.toLocaleString("en-US")} characters.`)
    .optional();

/** A post with only `body` is a note. */
export const leadActivitySchema = z
  .object({
    kind: z.enum(ACTIVITY_KINDS, { error: "Choose call, e-mail, meeting or note." }).default("note"),
    outcome: z.enum(ALL_OUTCOMES, { error: "Choose one of the outcomes." }).optional(),
    body: optionalText("The note", NOTE_MAX, true),
    status: z.enum(LEAD_STATUSES, { error: "Choose a status from the list." }).optional(),
    next: z
      .enum(
        NEXT_STEP_CHOICES.map((choice) => choice.value),
        { error: "Choose what happens next." },
      )
      .default("keep"),
    nextOn: z.string().refine(isIsoDate, "Choose the day of the next step.").optional(),
    nextTask: optionalText("The task", NEXT_STEP_MAX),
  })
  .superRefine((value, context) => {
    if (value.outcome && !outcomeLabel(value.kind, value.outcome)) {
      context.addIssue({ code: "custom", path: ["outcome"], message: "Choose one of the outcomes." });
    }
    if (!value.body && !value.outcome) {
      const message = value.kind === "note" ? "Write the note first." : "Write what happened or choose an outcome.";
      context.addIssue({ code: "custom", path: ["body"], message });
    }
    if (value.next === "date" && !value.nextOn) {
      context.addIssue({ code: "custom", path: ["nextOn"], message: "Choose the day of the next step." });
    }
  });
export type LeadActivity = z.infer<typeof leadActivitySchema>;

/** `none`: the account keeps its sign-in but has no access. */
export const ROLE_CHOICES = [...STAFF_ROLES, "none"] as const;
export type RoleChoice = (typeof ROLE_CHOICES)[number];

export const roleChoiceSchema = z.object({
  role: z.enum(ROLE_CHOICES, { error: "Choose Admin, Editor or No role." }),
});

export const forgotPasswordSchema = z.object({
  email: z
    .string({ error: "Please enter a valid email address." })
    .trim()
    .max(254, "Please enter a valid email address.")
    .refine(isValidEmail, "Please enter a valid email address."),
});

const PASSWORD_RULE_MESSAGE = `The password does not meet the rule. ${PASSWORD_RULE_HINT}`;
const SAME_TWICE = { message: "The two passwords are not the same.", path: ["confirm"] };

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

const staffNameSchema = z
  .string({ error: "Enter your name." })
  .trim()
  .refine((value) => !hasControlCharacters(value), { message: controlCharacterMessage("Your name"), abort: true })
  .min(1, "Enter your name.")
  .max(80, "Keep the name under 80 characters.");

export const SIGNATURE_MAX = 500;

export const staffProfileSchema = z.object({
  name: staffNameSchema,
  signature: z
    .string()
    // A textarea posts CRLF: counted as the browser counts it, stored as LF.
    .transform((value) => value.replace(/\r\n?/g, "\n"))
    .pipe(optionalText("The signature", SIGNATURE_MAX, true).unwrap())
    .optional(),
});

export const acceptInvitationSchema = z.object({ name: staffNameSchema, ...newPassword }).refine(sameTwice, SAME_TWICE);

export const passwordStepSchema = z.object({ current: currentPassword });

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

/** "All N matching" above it is refused. */
export const MAX_BULK_LEADS = 500;

const LEAD_REF = /^(bill|consultation|guide|estimate):[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ownerField = z
  .string()
  .regex(/^[A-Za-z0-9]{32}$/, "Choose someone from the list.")
  .optional();

/** `matching` acts on every lead the list's query matches, up to MAX_BULK_LEADS. */
export const bulkAssignSchema = z.object({
  lead: z
    .array(z.string().regex(LEAD_REF, "Reload the page and choose the leads again."), {
      error: "Choose at least one lead first.",
    })
    .min(1, "Choose at least one lead first.")
    .max(MAX_BULK_LEADS, `At most ${MAX_BULK_LEADS} leads at once.`),
  ownerId: ownerField,
  /** Read again on the server. */
  matching: z.string().max(1000).optional(),
});

export const assignSchema = z.object({ ownerId: ownerField });

export const nextStepSchema = z.object({
  on: z.string({ error: "Choose the day of the next step." }).refine(isIsoDate, "Choose the day of the next step."),
  task: z
    .string()
    .trim()
    .refine((value) => !hasControlCharacters(value), { message: controlCharacterMessage("The task"), abort: true })
    .max(NEXT_STEP_MAX, `Keep the task under ${NEXT_STEP_MAX} characters.`)
    .optional(),
});

export const saveViewSchema = z.object({
  name: z
    .string({ error: "Name the view." })
    .trim()
    .refine((value) => !hasControlCharacters(value), { message: controlCharacterMessage("The name"), abort: true })
    .min(1, "Name the view.")
    .max(60, "Keep the name under 60 characters."),
  query: z.string().max(500).optional(),
});
