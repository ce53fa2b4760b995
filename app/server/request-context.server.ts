import { createContext, type RouterContext, RouterContextProvider } from "react-router";

/**
 * The typed context every loader, action and middleware receives (React Router middleware,
 * `future.v8_middleware`). The client's address has no default: a request without one is a bug
 * in the server entry, and reading it throws instead of sharing one "unknown" rate-limit bucket.
 */
// Kept on globalThis: the server entry and the app's server bundle each load their own copy of
// this module, and a context is matched by identity (as the database handle in db.server.ts).
const KEY = Symbol.for("solar-advisory.client-address-context");
type WithContext = typeof globalThis & { [KEY]?: RouterContext<string> };
const holder = globalThis as WithContext;
holder[KEY] ??= createContext<string>();
export const clientAddressContext: RouterContext<string> = holder[KEY];

/** The context for one request from `address` (the server entry; tests make their own). */
export function requestContext(address: string): RouterContextProvider {
  if (!address) throw new Error("A request must carry the client's address");
  const context = new RouterContextProvider();
  context.set(clientAddressContext, address);
  return context;
}
