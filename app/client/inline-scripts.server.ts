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

let allowed: readonly string[] | undefined;

/** Allows exactly these inline scripts on every page from now on. */
export function allowInlineScripts(sources: readonly string[]): void {
  allowed = Object.freeze([...new Set(sources.map(scriptHashSource))]);
}

/** The hash sources allowed, or undefined while the app's server bundle has not loaded. */
export function allowedInlineScriptHashes(): readonly string[] | undefined {
  return allowed;
}
