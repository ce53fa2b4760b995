import pageScript, { pageScriptPath } from "virtual:page-script";
import { describe, expect, it } from "vitest";
import { bannerPrePaintScript, gaBootstrapScript } from "~/lib/inline-script-sources";
import { publicInlineScripts } from "./inline-scripts";
import { allowedInlineScriptHashes, allowInlineScripts, scriptHashSource } from "./inline-scripts.server";
import { bundlePageScript, pageScriptPathOf } from "./page-script-bundle";

describe("the public pages' inline scripts", () => {
  it("are the pre-paint check and the bundled page script, plus GA's bootstrap when configured", async () => {
    expect(pageScript).toBe((await bundlePageScript(process.cwd())).code);
    expect(publicInlineScripts(null)).toEqual([bannerPrePaintScript]);
    expect(publicInlineScripts("G-TEST12345")).toEqual([bannerPrePaintScript, gaBootstrapScript("G-TEST12345")]);
    expect(pageScriptPath).toBe(pageScriptPathOf(pageScript));
    expect(pageScriptPath).toMatch(/^\/assets\/page-script-[0-9a-f]{12}\.js$/);
  }, 60_000);

  it("none of them can end its <script> element early", () => {
    for (const script of publicInlineScripts("G-TEST12345")) expect(script).not.toMatch(/<\/script|<!--/i);
  });
});

describe("their CSP hashes", () => {
  it("are the base64 SHA-256 of the exact text, quoted as a CSP source", () => {
    // printf 'alert(1)' | openssl dgst -sha256 -binary | base64
    expect(scriptHashSource("alert(1)")).toBe("'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
    expect(scriptHashSource("alert(1);")).not.toBe(scriptHashSource("alert(1)"));
  });

  it("are published for the security headers, once each", () => {
    allowInlineScripts([bannerPrePaintScript, pageScript, pageScript]);
    expect(allowedInlineScriptHashes()).toEqual([scriptHashSource(bannerPrePaintScript), scriptHashSource(pageScript)]);
  });
});
