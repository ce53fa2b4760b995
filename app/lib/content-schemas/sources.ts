import { z } from "zod";
import { type FieldSpec, list, optionalText, requiredText, sourceUrl } from "./fields";

export type ContentSource = {
  url: string;
  supports: string;
  /** The page must show it (e.g. "48E"), or the link check flags it. */
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
