// The process entry: the server itself is compiled into the build with the app (server/app.ts).
import fs from "node:fs";

// npm scripts run on the Node 22 that `npm install` puts in node_modules/.bin (decision 0024); a
// plain `node server/index.js` may find an older system Node: refused, never run on it quietly.
if (Number(process.versions.node.split(".")[0]) < 22) {
  console.error(
    `This server needs Node 22 or newer; this is Node ${process.versions.node}. Start it with \`npm start\` or \`npm run serve\` (they use the Node 22 that \`npm install\` installs), or install Node 22.`,
  );
  process.exit(1);
}

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
