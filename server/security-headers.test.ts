import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { allowInlineScripts, scriptHashSource } from "../app/client/inline-scripts.server";
import { securityHeaders } from "./security-headers";

async function serve(options: Parameters<typeof securityHeaders>[0]) {
  const app = express();
  app.use(securityHeaders(options));
  app.get("/", (_req, res) => {
    res.type("text/plain").send(String(res.locals.cspNonce));
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  running.push(server);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return async () => {
    const response = await fetch(`${base}/`);
    return { nonce: await response.text(), csp: response.headers.get("content-security-policy") };
  };
}

const running: { close(): void }[] = [];
afterEach(() => {
  for (const server of running.splice(0)) server.close();
});

function directives(csp: string | null): Map<string, string[]> {
  return new Map(
    (csp ?? "").split(";").map((part) => {
      const [name = "", ...values] = part.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );
}

describe("securityHeaders", () => {
  it("allows scripts from our origin, the published inline-script hashes and this response's nonce, never unsafe-inline", async () => {
    allowInlineScripts(["first()", "second()"]);
    const get = await serve({ production: true, https: false, analytics: false });
    const { nonce, csp } = await get();
    const scriptSrc = directives(csp).get("script-src");
    expect(scriptSrc).toEqual([
      "'self'",
      scriptHashSource("first()"),
      scriptHashSource("second()"),
      `'nonce-${nonce}'`,
    ]);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
  });

  it("makes a new unguessable nonce for every response", async () => {
    const get = await serve({ production: true, https: false, analytics: false });
    const nonces = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const { nonce, csp } = await get();
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/); // 128 bits
      expect(directives(csp).get("script-src")).toContain(`'nonce-${nonce}'`);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(20);
  });

  it("keeps the other directives: no inline event handlers, no objects, no framing, forms to us only", async () => {
    const get = await serve({ production: true, https: true, analytics: false });
    const policy = directives((await get()).csp);
    expect(policy.get("script-src-attr")).toEqual(["'none'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
    expect(policy.get("default-src")).toEqual(["'self'"]);
    expect(policy.has("upgrade-insecure-requests")).toBe(true);
  });

  it("allows style sheets from our origin only: no inline <style>, no style attributes, with or without analytics", async () => {
    for (const analytics of [false, true]) {
      const policy = directives((await (await serve({ production: true, https: true, analytics }))()).csp);
      expect(policy.get("style-src")).toEqual(["'self'"]);
      expect(policy.get("style-src-attr")).toEqual(["'none'"]);
    }
  });

  it("adds Google's hosts only when analytics is on", async () => {
    const withGa = directives((await (await serve({ production: true, https: false, analytics: true }))()).csp);
    expect(withGa.get("script-src")).toContain("https://www.googletagmanager.com");
    expect(withGa.get("connect-src")).toContain("https://*.google-analytics.com");
    const without = directives((await (await serve({ production: true, https: false, analytics: false }))()).csp);
    expect(without.get("script-src")?.some((source) => source.includes("google"))).toBe(false);
  });

  it("sends no policy in development, but still gives each response a nonce", async () => {
    const { nonce, csp } = await (await serve({ production: false, https: false, analytics: false }))();
    expect(csp).toBeNull();
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});
