import fs from "node:fs";

/**
 * The browser for tests: CHROME_PATH, else Debian's headless shell (what Playwright itself runs
 * headless, about half the CPU of the full browser per page), else the full system Chromium.
 */
export function chromiumExecutable(): string | undefined {
  const candidates = [
    process.env.CHROME_PATH,
    "/usr/bin/chromium-headless-shell",
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
  ];
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
