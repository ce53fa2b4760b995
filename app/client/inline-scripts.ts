import { pageScriptPath } from "virtual:page-script";
import { bannerPrePaintScript, gaBootstrapScript } from "~/lib/inline-script-sources";

// Every inline script a public page may carry: the CSP allows them by hash (decision 0008).
export { bannerPrePaintScript, gaBootstrapScript, pageScriptPath };

export function publicInlineScripts(gaMeasurementId: string | null): string[] {
  return gaMeasurementId ? [bannerPrePaintScript, gaBootstrapScript(gaMeasurementId)] : [bannerPrePaintScript];
}
