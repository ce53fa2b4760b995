import { createContext, type RouterContext, RouterContextProvider } from "react-router";

/**
 * The typed context every loader, action and middleware receives (React Router middleware,
 * `future.v8_middleware`). The client's address has no default: a request without one is a bug
 * in the server entry, and reading it throws instead of sharing one "unknown" rate-limit bucket.
 */
export const clientAddressContext: RouterContext<string> = createContext<string>();
/**
 * This response's script nonce (set by the security-headers middleware as `res.locals.cspNonce`),
 * for the scripts React Router renders on hydrated staff pages; null where none was made (tests).
 */
export const cspNonceContext: RouterContext<string | null> = createContext<string | null>(null);

/** One request's route pattern and the error React Router caught while handling it, if any. */
export type RequestReport = { route?: string; error?: unknown; reported?: boolean };

/**
 * What error reporting learns while one request is handled: its route pattern (root middleware)
 * and the error React Router caught (handleError); the server entry reports it if the answer is
 * a 5xx. Null in contexts tests make without `requestContext`.
 */
export const requestReportContext: RouterContext<RequestReport | null> = createContext<RequestReport | null>(null);

/** The context for one request from `address` (the server entry; tests make their own). */
export function requestContext(address: string, cspNonce: string | null = null): RouterContextProvider {
  if (!address) throw new Error("A request must carry the client's address");
  const context = new RouterContextProvider();
  context.set(clientAddressContext, address);
  context.set(cspNonceContext, cspNonce);
  context.set(requestReportContext, {});
  return context;
}
