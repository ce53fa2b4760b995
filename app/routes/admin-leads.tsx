import { ComingSoon } from "~/components/coming-soon";
import { noStoreHeaders } from "~/lib/cache-headers";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/admin-leads";

export const headers = noStoreHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Lead Submissions",
    description: "Staff area.",
    noindex: true,
  });
}

export default function Page() {
  return (
    <ComingSoon
      title="Lead Submissions"
      summary="The staff area for reviewing submitted leads is being set up. Leads are not shown here until sign-in is in place."
    />
  );
}
