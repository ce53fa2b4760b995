/** The public pages' script, bundled at build time (app/client/page-script-bundle.ts). */
declare module "virtual:page-script" {
  const pageScript: string;
  export default pageScript;
}
