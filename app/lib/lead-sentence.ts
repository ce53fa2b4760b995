/** A sentence ends at ". ", "? " or "! " before a capital or digit; a rest under `minRest` stays. */
const ABBREVIATION =
  /\b(?:e\.g|i\.e|No|Nos|Inc|Co|Corp|Ltd|St|Dept|Sec|Secs|Rev|Proc|approx|vs|etc|al|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\.$/;

export function leadSentence(text: string, minRest = 80): { lead: string; rest: string } {
  const trimmed = text.trim();
  const end = /[.?!](?=\s+[A-Z0-9“"(])/g;
  for (let match = end.exec(trimmed); match; match = end.exec(trimmed)) {
    const before = trimmed.slice(0, match.index + 1);
    // "U.S." or "e.g.": a single letter before the dot is an abbreviation, not a sentence end.
    if (/(?:^|[\s.])[A-Za-z]\.$/.test(before) || ABBREVIATION.test(before)) continue;
    const rest = trimmed.slice(match.index + 1).trim();
    return rest.length >= minRest ? { lead: before, rest } : { lead: trimmed, rest: "" };
  }
  return { lead: trimmed, rest: "" };
}
