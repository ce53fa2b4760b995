import { ComingSoon } from "~/components/coming-soon";
import { publicPageHeaders } from "~/lib/cache-headers";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/incentives-states";

export const headers = publicPageHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Solar Incentives by State",
    description:
      "Solar incentives for businesses in all 50 states: state programs, tax exemptions, net metering and utility rebates.",
  });
}

export default function Page() {
  return (
    <ComingSoon
      title="Solar Incentives by State"
      summary="Choose your state to see the solar programs available where your business is."
    />
  );
}
