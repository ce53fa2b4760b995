import fs from "node:fs";

/** The browser for tests and benchmarks: CHROME_PATH, else the system Chromium, else Playwright's own. */
export function chromiumExecutable(): string | undefined {
  const candidates = [process.env.CHROME_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  return candidates.find((file): file is string => Boolean(file) && fs.existsSync(file as string));
}

// Chromium here has no sandbox support and no network: keep it from phoning home.
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
