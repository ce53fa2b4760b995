import { promisedHours, withReplyPromise } from "~/lib/reply-promise";
import { useShellData } from "./use-shell-data";

/** See app/lib/reply-promise.ts. */
export function useReplyPromise(): (text: string) => string {
  const root = useShellData();
  return (text) => withReplyPromise(text, promisedHours(root?.business));
}
