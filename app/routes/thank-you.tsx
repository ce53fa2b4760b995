import { ComingSoon } from "~/components/coming-soon";
import { publicPageHeaders } from "~/lib/cache-headers";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/thank-you";

export const headers = publicPageHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Thank You",
    description: "Thank you for contacting us.",
    noindex: true,
  });
}

export default function Page() {
  return (
    <ComingSoon
      title="Thank You"
      summary="We have received your request. Check your email, including the spam folder, for our reply."
    />
  );
}
