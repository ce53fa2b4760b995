import { useRouteLoaderData } from "react-router";
import { PUBLIC_SHELL_ID, type ShellData } from "~/lib/seo";

/** The public shell's data (banner, business details, site address); undefined outside it. */
export function useShellData(): ShellData | undefined {
  return useRouteLoaderData<ShellData>(PUBLIC_SHELL_ID);
}
