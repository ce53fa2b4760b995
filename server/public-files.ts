import fs from "node:fs";
import path from "node:path";

/** The build's client files but `assets/`, listed once so that only these paths reach the file system. */
export function publicFiles(dir: string): Set<string> {
  const found = new Set<string>();
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const relative = path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
    if (!relative.startsWith("assets/")) found.add(`/${relative}`);
  }
  return found;
}
