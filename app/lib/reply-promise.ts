// Texts say "within 24 hours" (the spec's wording): rewritten for the business's `replyHours`.
import { builtInBusinessDetails } from "~/content/business";

/** The built-in ones when none were read. */
export function promisedHours(business: { replyHours: number | null } | undefined): number | null {
  return business ? business.replyHours : builtInBusinessDetails.replyHours;
}

const MID = /\s+within 24 hours\b/g;
const START = /\bWithin 24 hours,?\s+(\p{Ll})/gu;

export function withReplyPromise(text: string, hours: number | null | undefined): string {
  if (hours) {
    const span = hours === 1 ? "1 hour" : `${hours} hours`;
    return text.replace(/\b([Ww])ithin 24 hours\b/g, (_whole, w: string) => `${w}ithin ${span}`);
  }
  return text.replace(START, (_whole, first: string) => first.toUpperCase()).replace(MID, "");
}
