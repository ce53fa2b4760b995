import { Link } from "react-router";
import { LinkButton } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { CssIcon } from "~/components/ui/css-icon";
import { SearchBox } from "~/components/ui/search-box";
import { states } from "~/content/states";
import { publicPageHeaders } from "~/lib/cache-headers";
import { pageMeta } from "~/lib/seo";
import { withoutControlCharacters } from "~/lib/validation/common";
import type { Route } from "./+types/incentives-states";

export const headers = publicPageHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Solar Incentives by State",
    description:
      "Solar incentives for businesses in all 50 states: state programs, tax exemptions, net metering rules and utility rebates.",
    path: "/incentives/states",
  });
}

/** Spec section 5: case-insensitive substring of the state's name. */
export function loader({ request }: Route.LoaderArgs) {
  const q = withoutControlCharacters(new URL(request.url).searchParams.get("q") ?? "")
    .trim()
    .slice(0, 50);
  const needle = q.toLowerCase();
  return { q, states: states.filter((state) => state.name.toLowerCase().includes(needle)) };
}

export default function IncentivesStates({ loaderData }: Route.ComponentProps) {
  const { q, states: shown } = loaderData;
  return (
    <>
      <section className="bg-navy-900 py-14 text-white">
        <Container width="reading" className="text-center">
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Solar Incentives by State</h1>
          <p className="mt-4 text-lg text-slate-200">
            Choose your state to see the federal programs, who qualifies and until when, plus the programs where you
            are.
          </p>
        </Container>
      </section>
      <Container className="py-10">
        <SearchBox
          id="state-search"
          label="Search states"
          placeholder="Search states..."
          defaultValue={q}
          maxLength={50}
          className="mx-auto max-w-md"
        />
        {shown.length === 0 ? (
          <p className="mt-10 rounded-xl bg-slate-50 p-8 text-center text-lg text-slate-700">
            No states found matching "{q}"
          </p>
        ) : (
          <ul className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="state-grid">
            {shown.map((state) => (
              <li key={state.code}>
                <Link
                  to={`/incentives/states/${state.code.toLowerCase()}`}
                  className="flex min-h-11 items-center gap-2 rounded-lg border border-slate-200 bg-white p-3 font-medium text-navy-900 shadow-sm hover:border-sun-500"
                >
                  <CssIcon name="map-pin" className="size-4 shrink-0 text-sun-700" />
                  <span>{state.name}</span>
                  <span className="ml-auto text-sm text-slate-600">{state.code}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-12 text-center">
          <p className="text-lg text-slate-700">Not sure which programs fit your business?</p>
          <LinkButton to="/talk-to-solar-advisor" size="lg" className="mt-4" variant="secondary">
            Get Expert Guidance
          </LinkButton>
        </div>
      </Container>
    </>
  );
}
