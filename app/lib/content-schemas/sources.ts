import { z } from "zod";
import { type FieldSpec, list, optionalText, requiredText, sourceUrl } from "./fields";

/**
 * The pages that prove a record's or a page text's statements: each one a
 * specific page (a statute section, a notice, the program's own page; never a home page) and, in
 * a sentence, which statement it supports. Staff see them beside the record; visitors see them
 * under the card or text they back.
 */
export type ContentSource = {
  url: string;
  supports: string;
  /** A word or number the page itself must show (e.g. "48E"): the link check flags a page without it. */
  keyTerm?: string | null;
};

export const SOURCES_MAX = 8;

export const sourceMessages = {
  url: "Enter the address of the page that proves the statement, starting with https://",
  supports: "Say which statement this page proves.",
  none: "Add at least one source: the page that proves the statements, and what it proves.",
  twice: "Each page is listed once: this address is already a source above.",
} as const;

export const contentSourceSchema = z.object({
  url: sourceUrl(sourceMessages.url),
  supports: requiredText("What it proves", sourceMessages.supports, { max: 300 }),
  keyTerm: optionalText("Key term on the page", { max: 80 }).optional(),
});

/** A record's sources: at least `min`, at most eight, each page once. */
export function contentSources(min = 1) {
  return list(contentSourceSchema, {
    min,
    max: SOURCES_MAX,
    unique: "url",
    label: "Sources",
    uniqueMessage: sourceMessages.twice,
    minMessage: sourceMessages.none,
  });
}

export const sourcesField: FieldSpec = {
  name: "sources",
  label: "Sources",
  input: "list",
  minItems: 1,
  maxItems: SOURCES_MAX,
  help: "Each page that proves a statement here (the statute section, notice or program page, not a site's home page), which statement it proves, and a key term the page shows (a section number, a program name). npm run content:check-links checks that each page answers and shows its key term: a landing page usually does not.",
  item: [
    { name: "url", label: "Page", input: "url", required: true, maxLength: 2048 },
    { name: "supports", label: "What it proves", input: "text", required: true, maxLength: 300 },
    { name: "keyTerm", label: "Key term on the page", input: "text", required: false, maxLength: 80 },
  ],
};
