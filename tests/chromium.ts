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
  // One renderer per test's context is isolation enough for one site; software compositing of
  // pages nobody sees is CPU for nothing (about 6% of the browser suite's CPU, 2026-11-29).
  "--disable-site-isolation-trials",
  "--disable-features=IsolateOrigins,site-per-process",
  "--disable-gpu-compositing",
];
