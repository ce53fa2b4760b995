import { useRouteLoaderData } from "react-router";
import { promisedHours, withReplyPromise } from "~/lib/reply-promise";
import type { RootData } from "~/lib/seo";

/** The page's texts with the reply time the business set (or none): see app/lib/reply-promise.ts. */
export function useReplyPromise(): (text: string) => string {
  const root = useRouteLoaderData<RootData>("root");
  return (text) => withReplyPromise(text, promisedHours(root?.business));
}
