import { createContext, type RouterContext, RouterContextProvider } from "react-router";

/** No default address: reading it without one throws instead of sharing one "unknown" rate-limit bucket. */
export const clientAddressContext: RouterContext<string> = createContext<string>();
export const cspNonceContext: RouterContext<string | null> = createContext<string | null>(null);

export type RequestReport = { route?: string; error?: unknown; reported?: boolean };

export const requestReportContext: RouterContext<RequestReport | null> = createContext<RequestReport | null>(null);

export function requestContext(address: string, cspNonce: string | null = null): RouterContextProvider {
  if (!address) throw new Error("A request must carry the client's address");
  const context = new RouterContextProvider();
  context.set(clientAddressContext, address);
  context.set(cspNonceContext, cspNonce);
  context.set(requestReportContext, {});
  return context;
}
