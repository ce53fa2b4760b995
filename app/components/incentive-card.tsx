import type { IncentiveStatus } from "~/lib/content-status";
import { formatLongDate } from "~/lib/dates";
import type { IncentiveCardData } from "~/lib/incentive-card-data";
import { leadSentence } from "~/lib/lead-sentence";
import { Badge, type BadgeTone } from "./ui/badge";
import { Card } from "./ui/card";

const typeTones: Record<string, BadgeTone> = { Federal: "green", State: "blue", Utility: "purple" };
const statusTones: Record<IncentiveStatus, BadgeTone> = { Active: "green", "At Risk": "destructive", Expired: "grey" };

/** Spec section 4: "State – {code}" (en dash) but "Utility - {code}" (hyphen). */
export function incentiveTypeLabel(type: string, state: string | null): string {
  if (!state) return type;
  if (type === "State") return `State – ${state}`;
  if (type === "Utility") return `Utility - ${state}`;
  return type;
}

export function sourceName(link: string): string {
  try {
    return new URL(link).hostname.replace(/^www\./, "");
  } catch {
    return "Official program page";
  }
}

/**
 * On phones only the summary shows, the rest on demand (24 cards were 16,000 px); from 640 px
 * app/app.css opens the details. Works without JavaScript.
 */
export function IncentiveCard({ incentive, status }: { incentive: IncentiveCardData; status?: IncentiveStatus }) {
  const shown = status ?? incentive.status;
  const { lead, rest } = leadSentence(incentive.description);
  // Classes from app/app.css: 24 cards a page, each class list written once.
  return (
    <Card className="incentive-card">
      <div className="tags">
        <Badge tone={typeTones[incentive.type] ?? "neutral"}>
          {incentiveTypeLabel(incentive.type, incentive.state)}
        </Badge>
        <Badge tone={statusTones[shown]}>{shown}</Badge>
      </div>
      <h3>{incentive.title}</h3>
      {incentive.endLabel ? <p className="end">{incentive.endLabel}</p> : null}
      <details className="more">
        <summary>
          {incentive.value ? "Value and details" : "Details"}
          <span className="sr-only"> of {incentive.title}</span>
        </summary>
        {incentive.value ? (
          <p className="value">
            <strong>Value:</strong> {incentive.value}
          </p>
        ) : null}
        <p className="lead">{lead}</p>
        {rest ? (
          <details className="conditions">
            <summary>
              Conditions<span className="sr-only"> of {incentive.title}</span>
            </summary>
            <p>{rest}</p>
          </details>
        ) : null}
        <div className="meta">
          {incentive.link ? (
            <span>
              Source:{" "}
              <a href={incentive.link} target="_blank" rel="noopener noreferrer">
                {sourceName(incentive.link)}
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </span>
          ) : null}
          {incentive.sourcesHref ? (
            <a href={incentive.sourcesHref}>
              All sources<span className="sr-only"> for {incentive.title}</span>
            </a>
          ) : null}
          <span className="reviewed">Last reviewed {formatLongDate(incentive.lastReviewedAt)}</span>
        </div>
      </details>
    </Card>
  );
}
