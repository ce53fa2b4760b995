import fs from "node:fs";
import path from "node:path";

/**
 * URL paths ("/favicon.svg", "/images/og/farms.png") of the files under the build's client folder,
 * but `assets/` (served on its own, immutable). Listed once at start-up, so that only these paths
 * reach the file system: every page request skipped a `stat` it paid for nothing.
 */
export function publicFiles(dir: string): Set<string> {
  const found = new Set<string>();
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const relative = path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
    if (!relative.startsWith("assets/")) found.add(`/${relative}`);
  }
  return found;
}
