import { createHash } from "node:crypto";

/**
 * The CSP hash sources of the public pages' inline scripts (app/client/inline-scripts.ts). The app's
 * server bundle computes them when it loads (app/entry.server.tsx) and the security-headers
 * middleware of the server entry reads them for every response (decision 0008).
 */

/** `'sha256-…'`: the CSP source that allows an inline script whose text is exactly `source`. */
export function scriptHashSource(source: string): string {
  return `'sha256-${createHash("sha256").update(source, "utf8").digest("base64")}'`;
}

// Kept on globalThis: the server entry (server/security-headers.ts) and the app's server bundle
// each load their own copy of this module (as the logger and the request contexts do).
const KEY = Symbol.for("solar-advisory.inline-script-hashes");
type WithHashes = typeof globalThis & { [KEY]?: readonly string[] };
const holder = globalThis as WithHashes;

/** Allows exactly these inline scripts on every page from now on. */
export function allowInlineScripts(sources: readonly string[]): void {
  holder[KEY] = Object.freeze([...new Set(sources.map(scriptHashSource))]);
}

/** The hash sources allowed, or undefined while the app's server bundle has not loaded. */
export function allowedInlineScriptHashes(): readonly string[] | undefined {
  return holder[KEY];
}
