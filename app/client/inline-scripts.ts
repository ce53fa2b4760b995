import { pageScriptPath } from "virtual:page-script";
import { bannerPrePaintScript, gaBootstrapScript } from "~/lib/inline-script-sources";

/**
 * The executable inline scripts a public page may carry, exactly as app/root.tsx renders them
 * (the page script itself is a file, `pageScriptPath`, since decision 0031).
 * Each is constant for a build (the GA one for a configuration), so the Content-Security-Policy
 * allows them by their sha256 hash, which suits the shared HTML cache (decision 0008). Adding an
 * inline script to public pages means adding it here.
 */
export { bannerPrePaintScript, gaBootstrapScript, pageScriptPath };

export function publicInlineScripts(gaMeasurementId: string | null): string[] {
  return gaMeasurementId ? [bannerPrePaintScript, gaBootstrapScript(gaMeasurementId)] : [bannerPrePaintScript];
}
