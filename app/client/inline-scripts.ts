import { pageScriptPath } from "virtual:page-script";
import { bannerPrePaintScript, gaBootstrapScript } from "~/lib/inline-script-sources";

// Every inline script a public page may carry: the CSP allows them by sha256 hash, which suits the
// shared HTML cache (decision 0008). A new inline script must be added here.
export { bannerPrePaintScript, gaBootstrapScript, pageScriptPath };

export function publicInlineScripts(gaMeasurementId: string | null): string[] {
  return gaMeasurementId ? [bannerPrePaintScript, gaBootstrapScript(gaMeasurementId)] : [bannerPrePaintScript];
}
