import { ComingSoon } from "~/components/coming-soon";
import { noStoreHeaders } from "~/lib/cache-headers";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/login";

export const headers = noStoreHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Admin Login",
    description: "Staff sign-in.",
    noindex: true,
  });
}

export default function Page() {
  return <ComingSoon title="Admin Login" summary="Staff sign-in to review leads is being set up." />;
}
