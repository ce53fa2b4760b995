import helmet from "helmet";

/**
 * Baseline security headers. Script nonces are not used: public HTML is cached and shared
 * between visitors, so a nonce would be reused; inline scripts are our own: the pre-paint check,
 * the page script (app/client/enhance.ts), JSON-LD and the GA bootstrap (docs/decisions/0003).
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
  return helmet({
    contentSecurityPolicy: options.production
      ? {
          useDefaults: true,
          directives: {
            "script-src": ["'self'", "'unsafe-inline'", ...ga],
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
}
