import { ComingSoon } from "~/components/coming-soon";
import { publicPageHeaders } from "~/lib/cache-headers";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/submit-bill";

export const headers = publicPageHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Upload Your Energy Bill",
    description: "Upload your electric bill for a free custom solar assessment and quote within 24 hours.",
  });
}

export default function Page() {
  return (
    <ComingSoon
      title="Upload Your Energy Bill"
      summary="Upload a recent electric bill and get a custom solar quote within 24 hours."
    />
  );
}
