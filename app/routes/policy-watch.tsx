import { ComingSoon } from "~/components/coming-soon";
import { publicPageHeaders } from "~/lib/cache-headers";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/policy-watch";

export const headers = publicPageHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Solar Incentive Policy Watch",
    description: "Track changes to federal and state solar incentives: deadlines, new programs and credits at risk.",
  });
}

export default function Page() {
  return (
    <ComingSoon
      title="Solar Incentive Policy Watch"
      summary="Dated updates on federal and state solar policy changes that affect your savings."
    />
  );
}
