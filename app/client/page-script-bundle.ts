import { createHash } from "node:crypto";
import path from "node:path";
import { build, type Plugin, type Rolldown } from "vite";

/**
 * Build-time only (vite.config.ts, vitest.config.ts, tests): bundles the public pages' script
 * (app/client/enhance/, which imports the shared rules of app/lib and app/content) into one
 * minified IIFE with Vite's own build API, and serves it as the default export of the virtual
 * module `virtual:page-script`; the client build also writes it to `assets/page-script-<hash>.js`
 * (`pageScriptPath`), which app/root.tsx loads: one cached file instead of 7.6 KB in every page's
 * HTML (decision 0031, replacing the inlining of decision 0008).
 */
const PAGE_SCRIPT_MODULE = "virtual:page-script";
const RESOLVED_ID = `\0${PAGE_SCRIPT_MODULE}`;
const ENTRY = "app/client/enhance/main.ts";

export type PageScriptBundle = { code: string; modules: string[] };

export async function bundlePageScript(root: string): Promise<PageScriptBundle> {
  const result = await build({
    root,
    configFile: false,
    envDir: false,
    logLevel: "warn",
    publicDir: false,
    resolve: { tsconfigPaths: true },
    plugins: [],
    build: {
      write: false,
      minify: true,
      // Browsers of the last few years: the script needs nothing newer than ES2020.
      target: "es2020",
      lib: {
        entry: path.resolve(root, ENTRY),
        formats: ["iife"],
        name: "enhancePage",
        fileName: () => "page-script.js",
      },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunk = outputs.flatMap((output) => output.output).find((item) => item.type === "chunk");
  if (chunk?.type !== "chunk") throw new Error("The page script bundle produced no chunk");
  return { code: chunk.code.trim(), modules: chunk.moduleIds.filter((id) => !id.startsWith("\0")) };
}

/** The script's address: its content's hash in the name, so it can be cached for good. */
export function pageScriptPathOf(code: string): string {
  return `/assets/page-script-${createHash("sha256").update(code).digest("hex").slice(0, 12)}.js`;
}

/** `import pageScript, { pageScriptPath } from "virtual:page-script"`: the bundled script and its address. */
export function pageScriptPlugin(): Plugin {
  let root = process.cwd();
  let code: string | null = null;
  return {
    name: "solar:page-script",
    configResolved(config) {
      root = config.root;
    },
    resolveId(source) {
      return source === PAGE_SCRIPT_MODULE ? RESOLVED_ID : undefined;
    },
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const bundle = await bundlePageScript(root);
      code = bundle.code;
      // In dev an edit to any bundled file rebuilds the string on the next page load.
      for (const file of bundle.modules) this.addWatchFile(file);
      return `export default ${JSON.stringify(bundle.code)};\nexport const pageScriptPath = ${JSON.stringify(pageScriptPathOf(bundle.code))};`;
    },
    configureServer(server) {
      // `npm run dev`: the file the built site would have, from memory.
      server.middlewares.use((request, response, next) => {
        if (code === null || request.url !== pageScriptPathOf(code)) return next();
        response.setHeader("Content-Type", "text/javascript; charset=utf-8");
        response.end(code);
      });
    },
    generateBundle() {
      // The browser's build only: that is the folder the server serves /assets from.
      if (code === null || this.environment?.name !== "client") return;
      this.emitFile({ type: "asset", fileName: pageScriptPathOf(code).slice(1), source: code });
    },
  };
}
