import { createHash } from "node:crypto";
import path from "node:path";
import { build, type Plugin, type Rolldown } from "vite";

// Build-time only: bundles app/client/enhance into one hashed, cacheable file (decision 0031).
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

export function pageScriptPathOf(code: string): string {
  return `/assets/page-script-${createHash("sha256").update(code).digest("hex").slice(0, 12)}.js`;
}

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
      // In dev an edit to any bundled file rebuilds the script on the next page load.
      for (const file of bundle.modules) this.addWatchFile(file);
      return `export default ${JSON.stringify(bundle.code)};\nexport const pageScriptPath = ${JSON.stringify(pageScriptPathOf(bundle.code))};`;
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        if (code === null || request.url !== pageScriptPathOf(code)) return next();
        response.setHeader("Content-Type", "text/javascript; charset=utf-8");
        response.end(code);
      });
    },
    generateBundle() {
      // The client build only: the server serves /assets from its folder.
      if (code === null || this.environment?.name !== "client") return;
      this.emitFile({ type: "asset", fileName: pageScriptPathOf(code).slice(1), source: code });
    },
  };
}
