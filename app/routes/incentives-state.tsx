import { data } from "react-router";
import { ComingSoon } from "~/components/coming-soon";
import { Container } from "~/components/ui/container";
import { findState } from "~/content/states";
import { publicPageHeaders } from "~/lib/cache-headers";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/incentives-state";

export const headers = publicPageHeaders;

export function loader({ params }: Route.LoaderArgs) {
  const state = findState(params.state);
  if (!state) return data({ state: null }, { status: 404 });
  return { state };
}

export function meta(args: Route.MetaArgs) {
  const state = args.loaderData?.state;
  if (!state) return pageMeta(args, { title: "Invalid state", description: "No such US state.", noindex: true });
  return pageMeta(args, {
    title: `Solar Incentives in ${state.name}`,
    description: `Federal and ${state.name} solar incentives for businesses: tax credits, state programs, net metering and utility rebates.`,
    path: `/incentives/states/${state.code.toLowerCase()}`,
  });
}

export default function StateIncentives({ loaderData }: Route.ComponentProps) {
  const { state } = loaderData;
  if (!state) {
    return (
      <Container className="py-20 text-center">
        <h1 className="text-4xl font-bold text-navy-900">Invalid state</h1>
        <p className="mt-4 text-lg text-slate-700">
          <a href="/incentives/states" className="font-semibold text-navy-800 underline underline-offset-4">
            Choose a state from the list
          </a>
        </p>
      </Container>
    );
  }
  return (
    <ComingSoon
      title={`Solar Incentives in ${state.name}`}
      summary={`Federal incentives and the programs available to businesses in ${state.name}.`}
    />
  );
}
