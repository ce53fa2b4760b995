// The process entry: the server itself is compiled into the build with the app (server/app.ts).
import fs from "node:fs";

if (fs.existsSync(".env")) process.loadEnvFile(".env");

if (process.env.NODE_ENV === "production") {
  const { run } = await import("../build/server/index.js");
  run();
} else {
  // Development: the same module through Vite, which also serves the app with hot reload.
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  const { run } = await vite.ssrLoadModule("/server/app.ts");
  run({ vite });
}
