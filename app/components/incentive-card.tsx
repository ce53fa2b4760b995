import { ExternalLink } from "lucide-react";
import type { IncentiveStatus } from "~/lib/content-status";
import { formatLongDate } from "~/lib/dates";
import type { IncentiveCardData } from "~/lib/incentive-card-data";
import { Badge, type BadgeTone } from "./ui/badge";
import { Card } from "./ui/card";

const typeTones: Record<string, BadgeTone> = { Federal: "green", State: "blue", Utility: "purple" };
const statusTones: Record<IncentiveStatus, BadgeTone> = { Active: "green", "At Risk": "destructive", Expired: "grey" };

/** Spec section 4: "State – {code}" (en dash) / "Utility - {code}" (hyphen) when a state is set. */
export function incentiveTypeLabel(type: string, state: string | null): string {
  if (!state) return type;
  if (type === "State") return `State – ${state}`;
  if (type === "Utility") return `Utility - ${state}`;
  return type;
}

/** The source's site name as a reader would recognise it ("irs.gov"). */
export function sourceName(link: string): string {
  try {
    return new URL(link).hostname.replace(/^www\./, "");
  } catch {
    return "Official program page";
  }
}

/**
 * One incentive: type, status (decided from its dates on the server), end date, the official
 * source and the day it was last checked. `status` may be overridden (the home page's third
 * fallback card is marked At Risk, spec section 4).
 */
export function IncentiveCard({ incentive, status }: { incentive: IncentiveCardData; status?: IncentiveStatus }) {
  const shown = status ?? incentive.status;
  return (
    <Card className="flex h-full flex-col" data-testid="incentive-card">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={typeTones[incentive.type] ?? "neutral"}>
          {incentiveTypeLabel(incentive.type, incentive.state)}
        </Badge>
        <Badge tone={statusTones[shown]} data-testid="incentive-status">
          {shown}
        </Badge>
      </div>
      <h3 className="mt-4 text-xl font-semibold text-navy-900">{incentive.title}</h3>
      {incentive.endLabel ? <p className="mt-1 text-sm font-semibold text-slate-800">{incentive.endLabel}</p> : null}
      {incentive.value ? (
        <p className="mt-2 text-sm text-slate-800" data-testid="incentive-value">
          <span className="font-semibold">Value:</span> {incentive.value}
        </p>
      ) : null}
      <p className="mt-2 flex-1 text-slate-700">{incentive.description}</p>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm">
        {incentive.link ? (
          <span className="text-slate-700">
            Source:{" "}
            <a
              href={incentive.link}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-11 items-center gap-1 font-semibold text-navy-800 underline underline-offset-4 hover:text-sun-700"
            >
              {sourceName(incentive.link)}
              <ExternalLink aria-hidden="true" className="size-4" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </span>
        ) : null}
        {incentive.sourcesHref ? (
          <a href={incentive.sourcesHref} className="inline-flex min-h-11 items-center text-navy-800 underline">
            All sources<span className="sr-only"> for {incentive.title}</span>
          </a>
        ) : null}
        <span className="text-slate-600">Last reviewed {formatLongDate(incentive.lastReviewedAt)}</span>
      </div>
    </Card>
  );
}
