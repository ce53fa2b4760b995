import path from "node:path";
import { build, type Plugin, type Rolldown } from "vite";

/**
 * Build-time only (vite.config.ts, vitest.config.ts, tests): bundles the public pages' script
 * (app/client/enhance/, which imports the shared rules of app/lib and app/content) into one
 * minified IIFE with Vite's own build API, and serves it as the default export of the virtual
 * module `virtual:page-script`, a string app/root.tsx inlines (decision 0008).
 */
export const PAGE_SCRIPT_MODULE = "virtual:page-script";
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

/** `import pageScript from "virtual:page-script"`: the bundled page script as a string. */
export function pageScriptPlugin(): Plugin {
  let root = process.cwd();
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
      // In dev an edit to any bundled file rebuilds the string on the next page load.
      for (const file of bundle.modules) this.addWatchFile(file);
      return `export default ${JSON.stringify(bundle.code)};`;
    },
  };
}
