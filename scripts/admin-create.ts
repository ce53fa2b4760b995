import { parseArgs } from "node:util";
import { isStaffRole } from "../app/lib/staff-messages";
import { createStaffAccount, LastAdminError } from "../app/server/auth/accounts.server";
import { runWithDatabase } from "./run-with-db";

// npm run admin:create -- --email E --password P [--role admin|editor]
const { values } = parseArgs({
  options: { email: { type: "string" }, password: { type: "string" }, role: { type: "string", default: "admin" } },
});
if (!values.email || !values.password || !isStaffRole(values.role)) {
  console.error(
    "Usage: npm run admin:create -- --email you@example.com --password 'S3cure!pass' [--role admin|editor]",
  );
  process.exit(2);
}
const { email, password, role } = values;
const article = role === "admin" ? "an admin" : "an editor";
await runWithDatabase(async (handle) => {
  try {
    const outcome = await createStaffAccount(handle.db, { email, password, role });
    const said = {
      created: `Created the verified ${role} account ${email}.`,
      granted: `${email} already had an account: it is now ${article} (its password is unchanged).`,
      unchanged: `${email} is already ${article}: nothing to do.`,
    };
    console.log(said[outcome]);
  } catch (error) {
    if (!(error instanceof LastAdminError)) throw error;
    console.error(`${email} is the last admin: make another admin before giving it the ${role} role.`);
    process.exitCode = 1;
  }
});
