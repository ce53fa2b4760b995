import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  // The index re-exports every file of the folder: the same tables the app's client sees.
  schema: "./app/server/db/schema/index.ts",
  out: "./drizzle",
});
