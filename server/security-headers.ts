import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import helmet from "helmet";
import { allowedInlineScriptHashes } from "../app/client/inline-scripts.server";
import { log } from "../app/server/log.server";

/**
 * Baseline security headers, and a script policy without 'unsafe-inline' (decision 0008):
 *
 * - Public pages are cached and shared between visitors (decision 0003), so their inline scripts
 *   (the pre-paint check, the GA bootstrap; the page script is a file, decision 0031) are allowed by their sha256 hashes,
 *   which the app's server bundle publishes when it loads (app/client/inline-scripts.server.ts).
 * - Hydrated staff pages carry React Router's inline scripts, which differ per response: every
 *   response gets a fresh nonce in `res.locals.cspNonce`, which server/react-router-handler.ts
 *   hands to the app (`cspNonceContext`) and app/entry.server.tsx puts on those scripts. The
 *   header of a cached public page also names a fresh nonce; nothing in its HTML carries one.
 * - JSON-LD (`type="application/ld+json"`) is data, not script: it needs no source.
 * - Styles come from our own style sheets only: nothing we render has a style attribute or a
 *   <style> element (decision 0008).
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
            // Our one style sheet; no <style> element, no style attribute (CSSOM from scripts,
            // as React and recharts set styles in the staff area, is not covered by CSP).
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

/** 128 random bits, base64: a nonce no one can guess, new for every response. */
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
