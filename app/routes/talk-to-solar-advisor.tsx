import { ComingSoon } from "~/components/coming-soon";
import { publicPageHeaders } from "~/lib/cache-headers";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/talk-to-solar-advisor";

export const headers = publicPageHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Talk to a Solar Advisor",
    description: "Request a free, no-pressure consultation with a commercial solar advisor. Reply within 24 hours.",
  });
}

export default function Page() {
  return (
    <ComingSoon
      title="Talk to a Solar Advisor"
      summary="Ask a free, no-pressure question about solar for your business and get a reply within 24 hours."
    />
  );
}
