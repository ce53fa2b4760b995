import { z } from "zod";
import { STAFF_ROLES } from "../staff-messages";
import { controlCharacterMessage, hasControlCharacters } from "./common";

/** The staff forms outside the content editor, checked in the browser (conform) and on the server. */

export const NOTE_MAX = 5000;

/** A lead page's "Add a note". */
export const leadNoteSchema = z.object({
  // conform reads an empty field as no value at all, so "missing" is the type's own message.
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
