import type { RouterContextProvider } from "react-router";
import { redirect } from "react-router";
import { usd0 } from "~/lib/estimate-format";
import { estimateSummary } from "~/lib/estimate-snapshot";
import { estimateRequestFields, estimateRequestSchema } from "~/lib/validation/calculator";
import { errorList, validateWith } from "~/lib/validation/common";
import { guideMessages } from "~/lib/validation/guide";
import { estimateSnapshot } from "../calculator/snapshot.server";
import { today } from "../clock.server";
import { getConfig } from "../config.server";
import { flashToastHeaders } from "../flash.server";
import { attributionFrom } from "../forms.server";
import { errorFields, log, maskEmail } from "../log.server";
import { kickOutbox } from "../mail/outbox-worker.server";
import { mailSubjects } from "../mail/render.server";
import { database } from "../request-context.server";
import { databaseDownFailure, failure, guardFields } from "./lead-actions.server";
import { refusedQuietly, storeGuideRequest } from "./lead-store.server";

const form = "estimate";

/** Recomputes the estimate from the posted inputs, never trusting posted figures. */
export async function estimateEmailAction(
  fields: Record<string, unknown>,
  request: Request,
  context: Readonly<RouterContextProvider>,
) {
  const guarded = await guardFields(fields, context, form, estimateRequestFields);
  if ("done" in guarded) return guarded.done;
  const { values } = guarded;
  const contact = validateWith(estimateRequestSchema, fields);
  const snapshot = await estimateSnapshot(fields, today());
  if (!contact.ok || !snapshot) {
    const errors = contact.ok ? {} : contact.errors;
    const description = contact.ok
      ? "The estimate's inputs changed or are incomplete: calculate again, then send it."
      : errorList(contact.errors, estimateRequestFields).join(" ");
    return failure(
      { form, values, errors, toast: { title: guideMessages.errorsTitle, description, variant: "destructive" } },
      400,
    );
  }
  const stateName = snapshot.stateName;
  const summary = estimateSummary(snapshot);
  const config = getConfig();
  try {
    const stored = await storeGuideRequest(
      await database(context),
      {
        kind: "estimate",
        name: contact.data.name,
        email: contact.data.email,
        state: stateName.toLowerCase(),
        industry: summary.industry,
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
            state: stateName,
            industry: summary.industry ?? "",
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
          subject: `Your solar estimate for ${stateName}`,
          to: contact.data.email,
          formData: { estimate: snapshot },
        },
        perRecipientPerDay: config.GUIDE_MAILS_PER_RECIPIENT_PER_DAY,
        allowance: "estimate-recipient",
      },
    ).catch(refusedQuietly);
    if (stored && !stored.visitorCopy)
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
