import { parseArgs } from "node:util";
import { isStaffRole, type StaffRole } from "../app/lib/staff-messages";
import { createStaffAccount, LastAdminError } from "../app/server/auth/accounts.server";
import type { AppDatabase } from "../app/server/db/client.server";

export const ADMIN_CREATE_USAGE =
  "Usage: npm run admin:create -- --email you@example.com --password 'S3cure!pass' [--role admin|editor]";

export type AdminCreateArgs = { email: string; password: string; role: StaffRole };

/** Null when an argument is missing or the role is unknown. */
export function parseAdminCreateArgs(argv: string[]): AdminCreateArgs | null {
  const { values } = parseArgs({
    args: argv,
    options: { email: { type: "string" }, password: { type: "string" }, role: { type: "string", default: "admin" } },
  });
  if (!values.email || !values.password || !isStaffRole(values.role)) return null;
  return { email: values.email, password: values.password, role: values.role };
}

export async function adminCreate(db: AppDatabase, { email, password, role }: AdminCreateArgs) {
  const article = role === "admin" ? "an admin" : "an editor";
  try {
    const outcome = await createStaffAccount(db, { email, password, role });
    const said = {
      created: `Created the verified ${role} account ${email}.`,
      granted: `${email} already had an account: it is now ${article} (its password is unchanged).`,
      unchanged: `${email} is already ${article}: nothing to do.`,
    };
    return { exitCode: 0, line: said[outcome] };
  } catch (error) {
    if (!(error instanceof LastAdminError)) throw error;
    return { exitCode: 1, line: `${email} is the last admin: make another admin before giving it the ${role} role.` };
  }
}
