// The process entry: the server itself is compiled into the build with the app (server/app.ts).
import fs from "node:fs";

if (fs.existsSync(".env")) process.loadEnvFile(".env");

if (process.env.NODE_ENV === "production") {
  const entry = new URL("../build/server/index.js", import.meta.url);
  const build = fs.existsSync(entry) ? await import(entry.href) : {};
  if (typeof build.run !== "function") {
    console.error("No server build here (or one from before server/app.ts): run `npm run build` first.");
    process.exit(1);
  }
  build.run();
} else {
  // Development: the same module through Vite, which also reloads pages and components. Server
  // modules hold the process's state (database, contexts), so `npm run dev` restarts on their edits.
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  const { run } = await vite.ssrLoadModule("/server/app.ts");
  run({ vite });
}
