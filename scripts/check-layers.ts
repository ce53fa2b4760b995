import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { isBuiltin } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

// The layer rules of docs/architecture.md (decision 0021).

export type Layer = "routes" | "server" | "client" | "content" | "lib" | "components" | "app" | "outside";

export const FORBIDDEN: Partial<Record<Layer, { layers: readonly Layer[]; rule: string }>> = {
  server: { layers: ["components"], rule: "app/server never imports app/components" },
  client: {
    layers: ["routes", "server", "components", "app", "outside"],
    rule: "app/client imports only app/lib and app/content",
  },
  content: { layers: ["server"], rule: "app/content imports no server module" },
  lib: { layers: ["server", "components"], rule: "app/lib imports neither app/server nor app/components" },
};

const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;
const SERVER_ONLY = /\.server\.(ts|tsx)$/;
const SKIPPED = /\.test\.(ts|tsx)$|\.d\.ts$/;
const RESOLVE_SUFFIXES = ["", ".ts", ".tsx", ".mts", "/index.ts", "/index.tsx"];

export function layerOf(file: string): Layer {
  if (file.startsWith("server/")) return "server";
  const match = /^app\/([^/]+)\//.exec(file);
  if (!match) return file.startsWith("app/") ? "app" : "outside";
  const folder = match[1] as string;
  return (["routes", "server", "client", "content", "lib", "components"] as const).find((l) => l === folder) ?? "app";
}

/** Null for a package or virtual module. */
export function resolveImport(from: string, specifier: string, exists: (file: string) => boolean): string | null {
  const bare = specifier.replace(/\?.*$/, "");
  if (bare.includes("/+types/")) return null; // React Router's generated route types
  let base: string;
  if (bare.startsWith("~/")) base = `app/${bare.slice(2)}`;
  else if (bare.startsWith("./") || bare.startsWith("../")) base = path.posix.join(path.posix.dirname(from), bare);
  else return null;
  const stem = base.replace(/\.(js|jsx|mjs)$/, "");
  for (const candidate of [base, ...RESOLVE_SUFFIXES.map((s) => stem + s)]) {
    if (exists(candidate)) return candidate;
  }
  return `${base} (unresolved)`;
}

export type Problem = { file: string; message: string };

export function checkLayers(files: ReadonlyMap<string, string>, exists?: (file: string) => boolean): Problem[] {
  const isFile = exists ?? ((file: string) => files.has(file));
  const problems: Problem[] = [];
  const graph = new Map<string, string[]>();
  for (const [file, source] of files) {
    if (!SOURCE.test(file) || SKIPPED.test(file)) continue;
    const edges: string[] = [];
    graph.set(file, edges);
    for (const { fileName: specifier } of ts.preProcessFile(source, true, true).importedFiles) {
      // Only enhance/ ships to the browser; the rest of app/client builds it.
      if (file.startsWith("app/client/enhance/") && isBuiltin(specifier)) {
        problems.push({
          file,
          message: `imports ${specifier}: app/client runs in the browser, without Node's modules`,
        });
        continue;
      }
      const target = resolveImport(file, specifier, isFile);
      if (target === null) continue;
      if (target.endsWith("(unresolved)")) {
        problems.push({ file, message: `cannot resolve "${specifier}"` });
        continue;
      }
      const forbidden = FORBIDDEN[layerOf(file)];
      if (forbidden?.layers.includes(layerOf(target))) {
        problems.push({ file, message: `imports ${target}: ${forbidden.rule}` });
      } else if (SERVER_ONLY.test(target) && ["client", "content", "lib"].includes(layerOf(file))) {
        problems.push({ file, message: `imports ${target}: a *.server module is server code` });
      }
      if (SOURCE.test(target)) edges.push(target);
    }
  }
  for (const circle of findCircles(graph)) {
    problems.push({ file: circle[0] as string, message: `import circle: ${[...circle, circle[0]].join(" → ")}` });
  }
  for (const [file, source] of files) {
    if (/^app\/[^/]+\//.test(file) && layerOf(file) === "app" && !SKIPPED.test(file))
      problems.push({
        file,
        message: "a folder of app/ the layer rules do not know: add it to scripts/check-layers.ts",
      });
    const lines = source.split("\n").length - (source.endsWith("\n") ? 1 : 0);
    if (ROUTE_MODULE.test(file) && !SKIPPED.test(file) && lines > MAX_ROUTE_LINES)
      problems.push({
        file,
        message: `${lines} lines: a route module stays within ${MAX_ROUTE_LINES} (move parts out)`,
      });
  }
  return problems;
}

export const MAX_ROUTE_LINES = 300;
const ROUTE_MODULE = /^app\/routes\/.*\.(ts|tsx)$/;

/** Tarjan's strongly connected components of more than one module, or a self-import. */
export function findCircles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.includes(node)) circles.push(component.reverse());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return circles;
}

export function readTree(root: string, dirs: readonly string[]): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    if (!existsSync(path.join(root, dir))) return;
    for (const name of readdirSync(path.join(root, dir)).sort()) {
      if (name === "node_modules" || name.startsWith(".")) continue;
      const rel = `${dir}/${name}`;
      if (statSync(path.join(root, rel)).isDirectory()) walk(rel);
      else if (SOURCE.test(name)) files.set(rel, readFileSync(path.join(root, rel), "utf8"));
    }
  };
  for (const dir of dirs) walk(dir);
  return files;
}

export function checkTree(root: string): Problem[] {
  return checkLayers(readTree(root, ["app", "server"]), (file) => existsSync(path.join(root, file)));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? ".");
  const problems = checkTree(root);
  for (const { file, message } of problems) console.error(`${file}: ${message}`);
  if (problems.length > 0) {
    console.error(`${problems.length} layer problem(s); the rules: docs/architecture.md`);
    process.exitCode = 1;
  } else {
    console.log("Layers: no forbidden import, no import circle, no route module over 300 lines.");
  }
}
