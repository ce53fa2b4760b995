import { findState } from "~/content/states";
import type { IsoDate } from "~/lib/dates";
import type { EstimateSnapshot } from "~/lib/estimate-snapshot";
import { checkQuote, type QuoteCheckSnapshot } from "~/lib/quote-check";
import { estimate } from "~/lib/solar-model";
import { calculatorQuery, estimateSchema, toEstimateInput } from "~/lib/validation/calculator";
import { validateWith } from "~/lib/validation/common";
import { quoteCheckQuery, quoteCheckSchema, toQuoteClaims } from "~/lib/validation/quote-check";
import { calculatorModelData } from "./model-data.server";

/**
 * The estimate for some calculator inputs, made by the server on `today` (a posted figure is
 * never trusted: only inputs are read), as stored with a lead. Null when the inputs give none.
 */
export async function estimateSnapshot(
  fields: Readonly<Record<string, unknown>>,
  today: IsoDate,
): Promise<EstimateSnapshot | null> {
  const inputs = validateWith(estimateSchema, { ...fields });
  if (!inputs.ok) return null;
  const state = findState(inputs.data.state);
  if (!state) return null;
  const result = estimate(toEstimateInput(inputs.data, today), await calculatorModelData(state.code, today));
  if (result.status !== "ok") return null;
  return {
    modelVersion: result.modelVersion,
    today: result.today,
    stateName: state.name,
    monthlyBill: inputs.data.monthlyBill,
    query: calculatorQuery(fields),
    result,
  };
}

/** The inputs carried as one query string (the lead forms' hidden `estimate` field). */
function fieldsOfQuery(query: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(query.slice(0, 4000)));
}

/** What a lead form opened from a result (`?estimate=<its inputs>`) says it carries; null when malformed. */
export type AttachedEstimate = { query: string; stateName: string; monthlyBill: number };

export function attachedEstimate(query: string | null): AttachedEstimate | null {
  if (!query) return null;
  const fields = fieldsOfQuery(query);
  const inputs = validateWith(estimateSchema, fields);
  const state = inputs.ok ? findState(inputs.data.state) : undefined;
  return inputs.ok && state
    ? { query: calculatorQuery(fields), stateName: state.name, monthlyBill: inputs.data.monthlyBill }
    : null;
}

/** The estimate a lead form posted (`estimate`), remade by the server; null when absent or malformed. */
export function postedEstimate(fields: Readonly<Record<string, unknown>>, today: IsoDate) {
  const query = fields.estimate;
  return typeof query === "string" && query ? estimateSnapshot(fieldsOfQuery(query), today) : Promise.resolve(null);
}

/** A quote check remade by the server from its inputs (`?quote=`), as stored with a lead; null when malformed. */
async function quoteCheckSnapshot(query: string, today: IsoDate): Promise<QuoteCheckSnapshot | null> {
  const fields = fieldsOfQuery(query);
  const inputs = validateWith(quoteCheckSchema, fields);
  const state = inputs.ok ? findState(inputs.data.state) : undefined;
  if (!inputs.ok || !state) return null;
  const check = checkQuote(toQuoteClaims(inputs.data, today), await calculatorModelData(state.code, today));
  if (check.status !== "ok") return null;
  const { modelVersion, flags, lines } = check;
  return { modelVersion, today: check.today, stateName: state.name, query: quoteCheckQuery(fields), flags, lines };
}

/** What a consultation form opened from a check says it carries; null when malformed. */
export type AttachedQuoteCheck = { query: string; stateName: string; kwDc: number };

export function attachedQuoteCheck(query: string | null): AttachedQuoteCheck | null {
  if (!query) return null;
  const fields = fieldsOfQuery(query);
  const inputs = validateWith(quoteCheckSchema, fields);
  const state = inputs.ok ? findState(inputs.data.state) : undefined;
  return inputs.ok && state ? { query: quoteCheckQuery(fields), stateName: state.name, kwDc: inputs.data.kw } : null;
}

/** The check a consultation form posted (`quote`), remade by the server. */
export function postedQuoteCheck(fields: Readonly<Record<string, unknown>>, today: IsoDate) {
  const query = fields.quote;
  return typeof query === "string" && query ? quoteCheckSnapshot(query, today) : Promise.resolve(null);
}
