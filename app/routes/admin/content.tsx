import { Link } from "react-router";
import { noStoreHeaders } from "~/lib/cache-headers";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/content";

export const headers = noStoreHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Content", description: "Staff area.", noindex: true });
}

/** Admins and editors (routes/admin/content-area.tsx guards them). */
const CONTENT_KINDS = [
  {
    to: "/admin/content/incentives",
    label: "Incentives",
    description: "Federal, state and utility programs: amounts, end dates and sources.",
  },
  {
    to: "/admin/content/policy-updates",
    label: "Policy updates",
    description: "The dated items of Policy Watch.",
  },
  {
    to: "/admin/content/blocks",
    label: "Content blocks",
    description: "The site banner, the home page hero and the other shared texts.",
  },
  {
    to: "/admin/content/industries",
    label: "Industry pages",
    description: "The 18 industry pages.",
  },
  {
    to: "/admin/content/calculator-figures",
    label: "Calculator figures",
    description: "The solar calculator's sourced figures: state prices and yields, installed cost, model parameters.",
  },
] as const;

export default function AdminContent() {
  return (
    <>
      <h1 className="text-3xl font-bold text-navy-900">Content</h1>
      <p className="mt-1 text-slate-700">What the public site says. Changes show on the next page load.</p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2" aria-label="Content kinds">
        {CONTENT_KINDS.map((kind) => (
          <li key={kind.to} className="rounded-xl border border-slate-200 bg-white p-5">
            <Link to={kind.to} className="text-lg font-semibold text-navy-900 underline underline-offset-4">
              {kind.label}
            </Link>
            <p className="mt-1 text-slate-700">{kind.description}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
