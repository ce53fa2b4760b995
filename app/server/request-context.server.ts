import { createContext, type RouterContext, RouterContextProvider } from "react-router";
import type { AppDatabase } from "./db/client.server";
import { getDb } from "./db/db.server";

/** No default address: reading it without one throws instead of sharing one "unknown" rate-limit bucket. */
export const clientAddressContext: RouterContext<string> = createContext<string>();
export const cspNonceContext: RouterContext<string | null> = createContext<string | null>(null);

export type RequestReport = { route?: string; error?: unknown; reported?: boolean };

export const requestReportContext: RouterContext<RequestReport | null> = createContext<RequestReport | null>(null);

/** Where loaders and actions take the database from: the process's (server entry) or a test's own. */
export type DatabaseSource = () => Promise<AppDatabase>;
const databaseContext: RouterContext<DatabaseSource> = createContext<DatabaseSource>();

export function database(context: Readonly<RouterContextProvider>): Promise<AppDatabase> {
  return context.get(databaseContext)();
}

export function requestContext(
  address: string,
  cspNonce: string | null = null,
  source: DatabaseSource = getDb,
): RouterContextProvider {
  if (!address) throw new Error("A request must carry the client's address");
  const context = new RouterContextProvider();
  context.set(databaseContext, source);
  context.set(clientAddressContext, address);
  context.set(cspNonceContext, cspNonce);
  context.set(requestReportContext, {});
  return context;
}
