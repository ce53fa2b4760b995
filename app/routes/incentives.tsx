import { ComingSoon } from "~/components/coming-soon";
import { publicPageHeaders } from "~/lib/cache-headers";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/incentives";

export const headers = publicPageHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Solar Incentives",
    description:
      "Federal, state and utility solar incentives for commercial properties, filterable by type and searchable.",
  });
}

export default function Page() {
  return (
    <ComingSoon
      title="Solar Incentives"
      summary="Browse federal, state and utility solar incentives for businesses, with sources and review dates."
    />
  );
}
