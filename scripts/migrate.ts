import { runWithDatabase } from "./run-with-db";

await runWithDatabase(async (handle) => {
  console.log(`Migrations applied (${handle.kind}).`);
});
