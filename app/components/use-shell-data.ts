import { useRouteLoaderData } from "react-router";
import { PUBLIC_SHELL_ID, type ShellData } from "~/lib/seo";

/** Undefined outside the public shell. */
export function useShellData(): ShellData | undefined {
  return useRouteLoaderData<ShellData>(PUBLIC_SHELL_ID);
}
