import { Link } from "react-router";
import type { IndustryEntry } from "~/content/industries";
import { Badge } from "./ui/badge";

export function IndustryCard({ industry }: { industry: IndustryEntry }) {
  const body = (
    <>
      <h3>{industry.label}</h3>
      <p>{industry.blurb}</p>
    </>
  );
  if (!industry.active) {
    return (
      <div className="industry-card industry-card-soon">
        {body}
        <Badge className="mt-3">Coming Soon</Badge>
      </div>
    );
  }
  return (
    <Link to={industry.path} className="industry-card">
      {body}
      <span className="more">Explore solar for {industry.label.toLowerCase()}</span>
    </Link>
  );
}
