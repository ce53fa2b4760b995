import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { pageScriptPlugin } from "./app/client/page-script-bundle.js";

export default defineConfig(({ isSsrBuild }) => ({
  // The server build's entry is our Express server, which imports the app's build (decision 0026).
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" } } : undefined,
  // pageScriptPlugin: `virtual:page-script`, the public pages' inline script (decision 0008).
  plugins: [tailwindcss(), pageScriptPlugin(), reactRouter()],
  resolve: { tsconfigPaths: true },
}));
