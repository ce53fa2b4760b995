/** The public pages' script, bundled at build time (app/client/page-script-bundle.ts). */
declare module "virtual:page-script" {
  const pageScript: string;
  export default pageScript;
  /** Where the built site serves it: /assets/page-script-<hash>.js, cached for good (decision 0031). */
  export const pageScriptPath: string;
}
