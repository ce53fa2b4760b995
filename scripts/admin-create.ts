import { ADMIN_CREATE_USAGE, adminCreate, parseAdminCreateArgs } from "./admin-create-command";
import { runWithDatabase } from "./run-with-db";

const args = parseAdminCreateArgs(process.argv.slice(2));
if (!args) {
  console.error(ADMIN_CREATE_USAGE);
  process.exit(2);
}
await runWithDatabase(async (handle) => {
  const { exitCode, line } = await adminCreate(handle.db, args);
  if (exitCode === 0) console.log(line);
  else console.error(line);
  process.exitCode = exitCode;
});
