import { createHash } from "node:crypto";

// CSP hashes of the inline scripts, set when the server bundle loads (decision 0008).

export function scriptHashSource(source: string): string {
  return `'sha256-${createHash("sha256").update(source, "utf8").digest("base64")}'`;
}

let allowed: readonly string[] | undefined;

export function allowInlineScripts(sources: readonly string[]): void {
  allowed = Object.freeze([...new Set(sources.map(scriptHashSource))]);
}

/** Undefined while the app's server bundle has not loaded. */
export function allowedInlineScriptHashes(): readonly string[] | undefined {
  return allowed;
}
