import { seedDatabase } from "../app/server/db/seed.server";
import { runWithDatabase } from "./run-with-db";

await runWithDatabase(async (handle) => {
  const { inserted, corrected } = await seedDatabase(handle.db);
  console.log(
    `Seed inserted missing rows: ${JSON.stringify(inserted)}; corrected unedited rows: ${JSON.stringify(corrected)}`,
  );
});
