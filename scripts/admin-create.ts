import { parseArgs } from "node:util";
import { createAdmin } from "../app/server/auth/accounts.server";
import { runWithDatabase } from "./run-with-db";

// npm run admin:create -- --email E --password P
const { values } = parseArgs({ options: { email: { type: "string" }, password: { type: "string" } } });
if (!values.email || !values.password) {
  console.error("Usage: npm run admin:create -- --email you@example.com --password 'S3cure!pass'");
  process.exit(2);
}
const { email, password } = values;
await runWithDatabase(async (handle) => {
  const outcome = await createAdmin(handle.db, { email, password });
  const said = {
    created: `Created the verified admin account ${email}.`,
    granted: `${email} already had an account: it is now an admin (its password is unchanged).`,
    unchanged: `${email} is already an admin: nothing to do.`,
  };
  console.log(said[outcome]);
});
