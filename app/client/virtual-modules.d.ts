declare module "virtual:page-script" {
  const pageScript: string;
  export default pageScript;
  export const pageScriptPath: string;
}
