import http from "node:http";
import https from "node:https";
import { isAllowedWebhookUrl } from "~/lib/webhooks";
import {
  internalAddressMessage,
  isInternalAddress,
  isLoopbackAddress,
  loopbackOnlyLookup,
  publicOnlyLookup,
} from "./webhook-address.server";

/** A delivery that no retry can change: the address is one a webhook may not reach. */
export class RefusedAddressError extends Error {
  override name = "RefusedAddressError";
}

export type PostRequest = {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** WEBHOOKS_ALLOW_PRIVATE_NETWORKS: a receiver on the company's own network. */
  allowInternal: boolean;
};

/**
 * Posts a webhook and resolves with the receiver's HTTP status once its headers arrive (the body
 * is not read). Never follows a redirect. Rejects on a network error, after `timeoutMs` without
 * an answer (an error named TimeoutError), or with `RefusedAddressError` for an internal or
 * loopback address, written as an IP or resolved from the name (webhook-address.server.ts), unless
 * private networks are allowed; and, even then, for http to a name that does not resolve to this
 * machine.
 */
export function postWebhook({ url, headers, body, timeoutMs, allowInternal }: PostRequest): Promise<number> {
  // Checked again here, whatever the row says: http only ever goes to this machine.
  if (!isAllowedWebhookUrl(url)) {
    return Promise.reject(new RefusedAddressError("Refused: only an https:// address, or http:// to this machine"));
  }
  const target = new URL(url);
  const clear = target.protocol === "http:";
  const host = target.hostname.replace(/^\[|\]$/g, "");
  // This machine is internal too: a relay on it is allowed only with private networks.
  if (!allowInternal && (clear || isInternalAddress(host) || isLoopbackAddress(host))) {
    return Promise.reject(new RefusedAddressError(internalAddressMessage(host)));
  }
  return new Promise((resolve, reject) => {
    const request = (clear ? http : https).request(
      target,
      {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        // "localhost" over http must resolve to loopback, or lead data would cross a network in clear.
        lookup: clear ? loopbackOnlyLookup : allowInternal ? undefined : publicOnlyLookup,
        // One connection per delivery: a receiver's keep-alive socket is not kept between them.
        agent: false,
      },
      (response) => {
        clearTimeout(timer);
        resolve(response.statusCode ?? 0);
        // The body is read and dropped (the receiver finishes its answer), for `timeoutMs` at most.
        const deadline = setTimeout(() => response.destroy(), timeoutMs);
        deadline.unref();
        response.on("close", () => clearTimeout(deadline));
        response.resume();
      },
    );
    const timer = setTimeout(() => {
      request.destroy(Object.assign(new Error(`No answer within ${timeoutMs / 1000} s`), { name: "TimeoutError" }));
    }, timeoutMs);
    request.on("error", (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(error.code === "EINTERNAL" ? new RefusedAddressError(error.message) : error);
    });
    request.end(body);
  });
}
