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

export class RefusedAddressError extends Error {
  override name = "RefusedAddressError";
}

export type PostRequest = {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  allowInternal: boolean;
};

export function postWebhook({ url, headers, body, timeoutMs, allowInternal }: PostRequest): Promise<number> {
  // Checked again here, whatever the row says: http only ever goes to this machine.
  if (!isAllowedWebhookUrl(url)) {
    return Promise.reject(new RefusedAddressError("Refused: only an https:// address, or http:// to this machine"));
  }
  const target = new URL(url);
  const clear = target.protocol === "http:";
  const host = target.hostname.replace(/^\[|\]$/g, "");
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
        // One connection per delivery: a receiver's keep-alive socket is not kept.
        agent: false,
      },
      (response) => {
        clearTimeout(timer);
        resolve(response.statusCode ?? 0);
        // Read and dropped so the receiver can finish its answer, for `timeoutMs` at most.
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
