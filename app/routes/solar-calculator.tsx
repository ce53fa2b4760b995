import { ComingSoon } from "~/components/coming-soon";
import { publicPageHeaders } from "~/lib/cache-headers";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/solar-calculator";

export const headers = publicPageHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Solar Savings Calculator",
    description: "Estimate what solar would save your business from your monthly electric bill and state.",
  });
}

export default function Page() {
  return (
    <ComingSoon
      title="Solar Savings Calculator"
      summary="Estimate your annual solar savings and incentives from your monthly electric bill in under 30 seconds."
    />
  );
}
