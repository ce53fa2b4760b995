import { data } from "react-router";
import { NotFoundContent } from "~/components/not-found-content";
import { log } from "~/server/log.server";
import type { Route } from "./+types/not-found";

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  log.info({ path: url.pathname.slice(0, 300) }, "404 Not Found");
  return data(null, { status: 404, headers: { "Cache-Control": "no-store" } });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta() {
  return [{ title: "Page Not Found" }, { name: "robots", content: "noindex" }];
}

export default function NotFound() {
  return <NotFoundContent />;
}
