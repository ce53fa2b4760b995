import { ExternalLink } from "lucide-react";
import type { IncentiveCardData } from "~/lib/incentive-card-data";
import { Badge, type BadgeTone } from "./ui/badge";
import { Card } from "./ui/card";

const typeTones: Record<string, BadgeTone> = { Federal: "green", State: "blue", Utility: "purple" };

/** Spec section 4: "State – {code}" (en dash) / "Utility - {code}" (hyphen) when a state is set. */
export function incentiveTypeLabel(type: string, state: string | null): string {
  if (!state) return type;
  if (type === "State") return `State – ${state}`;
  if (type === "Utility") return `Utility - ${state}`;
  return type;
}

function formatReviewed(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return parsed.toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
}

export function IncentiveCard({ incentive, atRisk }: { incentive: IncentiveCardData; atRisk?: boolean }) {
  const showAtRisk = atRisk ?? incentive.status === "At Risk";
  return (
    <Card className="flex h-full flex-col">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={typeTones[incentive.type] ?? "neutral"}>
          {incentiveTypeLabel(incentive.type, incentive.state)}
        </Badge>
        {showAtRisk ? <Badge tone="destructive">At Risk</Badge> : null}
      </div>
      <h3 className="mt-4 text-xl font-semibold text-navy-900">{incentive.title}</h3>
      <p className="mt-2 flex-1 text-slate-700">{incentive.description}</p>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm">
        {incentive.link ? (
          <a
            href={incentive.link}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-11 items-center gap-1 font-semibold text-navy-800 underline underline-offset-4 hover:text-sun-700"
          >
            Official program page
            <ExternalLink aria-hidden="true" className="size-4" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        ) : null}
        {incentive.lastReviewed ? (
          <span className="text-slate-600">Last reviewed {formatReviewed(incentive.lastReviewed)}</span>
        ) : null}
      </div>
    </Card>
  );
}
