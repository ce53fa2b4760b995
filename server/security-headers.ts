import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import helmet from "helmet";
import { allowedInlineScriptHashes } from "../app/client/inline-scripts.server";
import { log } from "../app/server/log.server";

/**
 * No 'unsafe-inline' (decision 0008): cached public pages' inline scripts are allowed by sha256 hash,
 * the per-response scripts of hydrated pages by a fresh nonce (`res.locals.cspNonce`).
 */
export function securityHeaders(options: { production: boolean; https: boolean; analytics: boolean }) {
  const ga = options.analytics
    ? [
        "https://www.googletagmanager.com",
        "https://*.googletagmanager.com",
        "https://*.google-analytics.com",
        "https://*.analytics.google.com",
      ]
    : [];
  const headers = helmet({
    contentSecurityPolicy: options.production
      ? {
          useDefaults: true,
          directives: {
            "script-src": ["'self'", inlineScriptHashes, responseNonce, ...ga],
            // CSSOM from scripts (React, recharts) is not covered by CSP.
            "style-src": ["'self'"],
            "style-src-attr": ["'none'"],
            "connect-src": ["'self'", ...ga],
            "img-src": ["'self'", "data:", ...ga],
            "form-action": ["'self'"],
            "frame-ancestors": ["'none'"],
            "upgrade-insecure-requests": options.https ? [] : null,
          },
        }
      : false,
    strictTransportSecurity: options.https ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
  return (req: Request, res: Response, next: NextFunction) => {
    res.locals.cspNonce = newNonce();
    headers(req, res, next);
  };
}

function newNonce(): string {
  return randomBytes(16).toString("base64");
}

function responseNonce(_req: IncomingMessage, res: ServerResponse): string {
  return `'nonce-${(res as Response).locals.cspNonce}'`;
}

let warned = false;
function inlineScriptHashes(): string {
  const hashes = allowedInlineScriptHashes();
  if (!hashes) {
    // Fails closed: without the app's hashes no inline script of a public page runs.
    if (!warned) log.error("No inline script hashes published yet: public pages' scripts are blocked by the CSP");
    warned = true;
    return "";
  }
  return hashes.join(" ");
}
