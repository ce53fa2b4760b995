import type { RouterContextProvider } from "react-router";
import { redirect } from "react-router";
import { findState } from "~/content/states";
import { usd0 } from "~/lib/estimate-format";
import { type EstimateSnapshot, estimateSummary } from "~/lib/estimate-snapshot";
import { estimate } from "~/lib/solar-model";
import {
  calculatorFields,
  estimateRequestFields,
  estimateRequestSchema,
  estimateSchema,
  refineFields,
  toEstimateInput,
} from "~/lib/validation/calculator";
import { errorList, validateWith } from "~/lib/validation/common";
import { guideMessages } from "~/lib/validation/guide";
import { calculatorModelData } from "../calculator/model-data.server";
import { today } from "../clock.server";
import { getConfig } from "../config.server";
import { getDb } from "../db/db.server";
import { flashToastHeaders } from "../flash.server";
import { attributionFrom } from "../forms.server";
import { errorFields, log, maskEmail } from "../log.server";
import { kickOutbox } from "../mail/outbox.server";
import { mailSubjects } from "../mail/render.server";
import { databaseDownFailure, failure, guardFields } from "./lead-actions.server";
import { storeGuideRequest } from "./lead-store.server";

const form = "estimate";
const inputNames = [...calculatorFields, ...refineFields] as const;

/** The calculator's query from the posted hidden fields: only known, non-empty inputs. */
function queryOf(fields: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const name of inputNames) {
    const value = fields[name];
    if (typeof value === "string" && value.trim() !== "") params.set(name, value.trim());
  }
  return params.toString();
}

/**
 * "E-mail me this estimate" (issue 20, item 9). The server recomputes the estimate from the
 * posted inputs (never trusting posted figures), stores the lead with that snapshot, and queues
 * the staff e-mail and the visitor's PDF in one transaction.
 */
export async function estimateEmailAction(
  fields: Record<string, unknown>,
  request: Request,
  context: Readonly<RouterContextProvider>,
) {
  const guarded = await guardFields(fields, context, form, estimateRequestFields);
  if ("done" in guarded) return guarded.done;
  const { values } = guarded;
  const contact = validateWith(estimateRequestSchema, fields);
  const inputs = validateWith(estimateSchema, fields);
  const state = inputs.ok ? findState(inputs.data.state) : undefined;
  const date = today();
  const result =
    inputs.ok && state
      ? estimate(toEstimateInput(inputs.data, date), await calculatorModelData(state.code, date))
      : null;
  if (!contact.ok || !inputs.ok || !state || result?.status !== "ok") {
    const errors = contact.ok ? {} : contact.errors;
    const description = contact.ok
      ? "The estimate's inputs changed or are incomplete: calculate again, then send it."
      : errorList(contact.errors, estimateRequestFields).join(" ");
    return failure(
      { form, values, errors, toast: { title: guideMessages.errorsTitle, description, variant: "destructive" } },
      400,
    );
  }
  const snapshot: EstimateSnapshot = {
    modelVersion: result.modelVersion,
    today: result.today,
    stateName: state.name,
    monthlyBill: inputs.data.monthlyBill,
    query: queryOf(fields),
    result,
  };
  const summary = estimateSummary(snapshot);
  const config = getConfig();
  try {
    const stored = await storeGuideRequest(
      await getDb(),
      {
        kind: "estimate",
        name: contact.data.name,
        email: contact.data.email,
        state: state.name.toLowerCase(),
        estimate: snapshot,
        ...attributionFrom(fields, request),
      },
      {
        staff: {
          formType: "Solar Estimate",
          subject: mailSubjects.estimate,
          to: config.NOTIFY_EMAIL,
          formData: {
            name: contact.data.name,
            email: contact.data.email,
            state: state.name,
            monthlyBill: usd0(snapshot.monthlyBill),
            firstYearSavings: `${usd0(summary.savingsLow)} to ${usd0(summary.savingsHigh)}`,
            systemSize: `${summary.systemKwDc} kW DC`,
            netCost: usd0(summary.netCost),
            paybackYears: summary.paybackYears ?? "not within 25 years",
            estimate: `${config.SITE_URL}${summary.calculatorPath}`,
          },
        },
        visitor: {
          formType: "Solar Estimate",
          template: "estimate-delivery",
          subject: `Your solar estimate for ${state.name}`,
          to: contact.data.email,
          formData: { estimate: snapshot },
        },
        perRecipientPerDay: config.GUIDE_MAILS_PER_RECIPIENT_PER_DAY,
        allowance: "estimate-recipient",
      },
    );
    if (!stored.visitorCopy)
      log.warn(
        { leadId: stored.id, to: maskEmail(contact.data.email) },
        "Estimate lead stored; its e-mail was over the address's daily allowance",
      );
  } catch (error) {
    log.error(errorFields(error), "Failed to store estimate request");
    const down = databaseDownFailure(error, form, values, "Submission failed");
    if (down) return down;
    const toast = {
      title: "Submission failed",
      description: "There was an error submitting your information. Please try again.",
      variant: "destructive" as const,
    };
    return failure({ form, values, errors: {}, toast }, 500);
  }
  kickOutbox();
  return redirect("/thank-you", {
    headers: await flashToastHeaders(
      { title: "Estimate sent!", description: "Your estimate is on its way by e-mail, as a PDF.", variant: "success" },
      "estimate",
    ),
  });
}
