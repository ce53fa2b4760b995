import { Link } from "react-router";
import type { IndustryEntry } from "~/content/industries";
import { Badge } from "./ui/badge";
import { CssIcon } from "./ui/css-icon";

export function IndustryCard({ industry }: { industry: IndustryEntry }) {
  const body = (
    <>
      <h3 className="text-lg font-semibold text-navy-900">{industry.label}</h3>
      <p className="mt-1 text-slate-700">{industry.blurb}</p>
    </>
  );
  if (!industry.active) {
    return (
      <div className="h-full rounded-xl border border-dashed border-slate-300 bg-slate-50 p-5">
        {body}
        <Badge className="mt-3">Coming Soon</Badge>
      </div>
    );
  }
  return (
    <Link
      to={industry.path}
      className="group block h-full rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition-shadow hover:border-sun-500 hover:shadow-md"
    >
      {body}
      <span className="mt-3 inline-flex items-center gap-1 font-semibold text-navy-800 group-hover:text-sun-700">
        Explore solar for {industry.label.toLowerCase()}
        <CssIcon name="arrow-right" className="size-4" />
      </span>
    </Link>
  );
}
