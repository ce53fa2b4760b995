import { findState } from "~/content/states";
import type { IsoDate } from "~/lib/dates";
import type { EstimateSnapshot } from "~/lib/estimate-snapshot";
import { checkQuote, type QuoteCheckSnapshot } from "~/lib/quote-check";
import { estimate } from "~/lib/solar-model";
import { calculatorQuery, estimateSchema, toEstimateInput } from "~/lib/validation/calculator";
import { validateWith } from "~/lib/validation/common";
import { quoteCheckQuery, quoteCheckSchema, toQuoteClaims } from "~/lib/validation/quote-check";
import { calculatorModelData } from "./model-data.server";

/** A posted figure is never trusted: only inputs are read. Null when the inputs give no estimate. */
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

function fieldsOfQuery(query: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(query.slice(0, 4000)));
}

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

export function postedEstimate(fields: Readonly<Record<string, unknown>>, today: IsoDate) {
  const query = fields.estimate;
  return typeof query === "string" && query ? estimateSnapshot(fieldsOfQuery(query), today) : Promise.resolve(null);
}

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

export type AttachedQuoteCheck = { query: string; stateName: string; kwDc: number };

export function attachedQuoteCheck(query: string | null): AttachedQuoteCheck | null {
  if (!query) return null;
  const fields = fieldsOfQuery(query);
  const inputs = validateWith(quoteCheckSchema, fields);
  const state = inputs.ok ? findState(inputs.data.state) : undefined;
  return inputs.ok && state ? { query: quoteCheckQuery(fields), stateName: state.name, kwDc: inputs.data.kw } : null;
}

export function postedQuoteCheck(fields: Readonly<Record<string, unknown>>, today: IsoDate) {
  const query = fields.quote;
  return typeof query === "string" && query ? quoteCheckSnapshot(query, today) : Promise.resolve(null);
}
