import type { RouterContextProvider } from "react-router";
import { data, redirect } from "react-router";
import { guide } from "~/content/guide";
import { databaseDownMessages } from "~/lib/database-down-texts";
import type { LeadFormState } from "~/lib/forms";
import { quoteCheckText } from "~/lib/quote-check";
import type { ToastMessage } from "~/lib/toast";
import { errorList, validateWith } from "~/lib/validation/common";
import { consultationMessages, consultationSchema, isMissingNameOrEmail } from "~/lib/validation/consultation";
import { guideFields, guideMessages, guideSchema } from "~/lib/validation/guide";
import { postedEstimate, postedQuoteCheck } from "../calculator/snapshot.server";
import { today } from "../clock.server";
import { getConfig } from "../config.server";
import {
  CommitOutcomeUnknownError,
  databaseUnavailableHeaders,
  isDatabaseUnavailable,
} from "../db/availability.server";
import { flashToastHeaders } from "../flash.server";
import { attributionFrom, honeypotFilled, RATE_LIMITED_MESSAGE, readSmallForm, takeSubmission } from "../forms.server";
import { errorFields, log, maskEmail } from "../log.server";
import { kickOutbox } from "../mail/outbox-worker.server";
import { mailSubjects } from "../mail/render.server";
import { database } from "../request-context.server";
import { refusedQuietly, storeGuideRequest, storeLead } from "./lead-store.server";

export const failure = (state: LeadFormState, status: number, headers: Record<string, string> = {}) =>
  data<LeadFormState>(state, { status, headers: { "Cache-Control": "private, no-store", ...headers } });

/** Null unless the database is down; what was typed is kept for the retry. */
export function databaseDownFailure(error: unknown, form: string, values: Record<string, string>, title: string) {
  if (!isDatabaseUnavailable(error)) return null;
  const toast: ToastMessage =
    error instanceof CommitOutcomeUnknownError
      ? {
          title: databaseDownMessages.unconfirmedTitle,
          description: databaseDownMessages.unconfirmed,
          variant: "destructive",
        }
      : { title, description: databaseDownMessages.notReceived, variant: "destructive" };
  return failure({ form, values, errors: {}, toast }, 503, databaseUnavailableHeaders());
}

export function rateLimited(form: string, values: Record<string, string>, retryAfterSeconds: number) {
  const toast: ToastMessage = {
    title: "Please wait a moment",
    description: RATE_LIMITED_MESSAGE,
    variant: "destructive",
  };
  return failure({ form, values, errors: {}, toast }, 429, { "Retry-After": String(retryAfterSeconds) });
}

function typedValues(fields: Record<string, unknown>, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    names.map((name) => [name, typeof fields[name] === "string" ? (fields[name] as string) : ""]),
  );
}

async function guard(
  request: Request,
  context: Readonly<RouterContextProvider>,
  form: string,
  names: readonly string[],
) {
  return guardFields(await readSmallForm(request), context, form, names);
}

export async function guardFields(
  fields: Record<string, unknown>,
  context: Readonly<RouterContextProvider>,
  form: string,
  names: readonly string[],
) {
  const values = typedValues(fields, names);
  if (honeypotFilled(fields)) return { done: redirect("/thank-you") };
  const { allowed, retryAfterSeconds } = await takeSubmission(context);
  if (!allowed) return { done: rateLimited(form, values, retryAfterSeconds) };
  return { fields, values };
}

const consultationNames = [
  "name",
  "email",
  "phone",
  "industry",
  "industryType",
  "question",
  "estimate",
  "quote",
] as const;

export async function consultationAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  variant: { kind: "page" } | { kind: "industry"; returnTo: string },
) {
  const form = "consultation";
  const guarded = await guard(request, context, form, consultationNames);
  if ("done" in guarded) return guarded.done;
  const { fields, values } = guarded;
  // The industry sidebar names its select industryType (spec section 3).
  const input = { ...fields, industry: fields.industry ?? fields.industryType };

  if (isMissingNameOrEmail(input)) {
    const description =
      variant.kind === "page" ? consultationMessages.missingConsultationPage : consultationMessages.missingIndustryPage;
    return failure(
      {
        form,
        values,
        errors: {},
        toast: { title: consultationMessages.missingTitle, description, variant: "destructive" },
      },
      400,
    );
  }
  const validated = validateWith(consultationSchema, input);
  if (!validated.ok) {
    const messages = errorList(validated.errors, ["name", "email", "phone", "industry", "question"]);
    return failure(
      {
        form,
        values,
        errors: validated.errors,
        toast: { title: guideMessages.errorsTitle, description: messages.join(" "), variant: "destructive" },
      },
      400,
    );
  }

  const lead = validated.data;
  // A malformed estimate is left out rather than refusing the request.
  const estimate = await postedEstimate(fields, today());
  const quoteCheck = await postedQuoteCheck(fields, today());
  try {
    await storeLead(
      await database(context),
      { kind: "consultation", ...lead, estimate, quoteCheck, ...attributionFrom(fields, request) },
      {
        formType: "Solar Advisor Consultation",
        subject: variant.kind === "page" ? mailSubjects.pageConsultation : mailSubjects.industryConsultation,
        to: getConfig().NOTIFY_EMAIL,
        formData: {
          name: lead.name,
          email: lead.email,
          phone: lead.phone,
          industry: lead.industry,
          question: lead.question,
          ...(estimate ? { estimate: `${getConfig().SITE_URL}/solar-calculator?${estimate.query}` } : {}),
          ...(quoteCheck ? { quoteCheck: quoteCheckText(quoteCheck, getConfig().SITE_URL) } : {}),
        },
      },
    ).catch(refusedQuietly);
  } catch (error) {
    log.error(errorFields(error), "Failed to send consultation request");
    const down = databaseDownFailure(error, form, values, "Submission failed");
    if (down) return down;
    const description =
      variant.kind === "page"
        ? "There was an error submitting your consultation request. Please try again."
        : "There was an error submitting your request. Please try again.";
    return failure(
      { form, values, errors: {}, toast: { title: "Submission failed", description, variant: "destructive" } },
      500,
    );
  }
  kickOutbox();

  if (variant.kind === "page") {
    return redirect("/thank-you", {
      headers: await flashToastHeaders(
        {
          title: "Success!",
          description: "Your consultation request has been sent. An advisor will reply within 24 hours.",
          variant: "success",
        },
        "consultation",
      ),
    });
  }
  // A fresh GET clears every field.
  return redirect(`${variant.returnTo}#assessment`, {
    headers: await flashToastHeaders({
      title: "Consultation requested!",
      description: "We'll get back to you within 24 hours to discuss your solar questions.",
      variant: "success",
    }),
  });
}

export async function guideAction(request: Request, context: Readonly<RouterContextProvider>) {
  const form = "guide";
  const guarded = await guard(request, context, form, guideFields);
  if ("done" in guarded) return guarded.done;
  const { fields, values } = guarded;

  const validated = validateWith(guideSchema, fields);
  if (!validated.ok) {
    return failure(
      {
        form,
        values,
        errors: validated.errors,
        toast: {
          title: guideMessages.errorsTitle,
          description: errorList(validated.errors, guideFields).join(" "),
          variant: "destructive",
        },
      },
      400,
    );
  }
  const lead = validated.data;
  try {
    const config = getConfig();
    const stored = await storeGuideRequest(
      await database(context),
      {
        kind: "guide",
        name: lead.name,
        email: lead.email,
        industry: lead.industryType,
        state: lead.state,
        solarReadiness: lead.solarReadiness,
        ...attributionFrom(fields, request),
      },
      {
        staff: {
          formType: "Lead Generation",
          subject: mailSubjects.guide,
          to: config.NOTIFY_EMAIL,
          formData: {
            name: lead.name,
            email: lead.email,
            industryType: lead.industryType,
            state: lead.state,
            solarReadiness: lead.solarReadiness,
          },
        },
        // It goes to an address anyone may type, so it carries nothing they typed (decision 0010).
        visitor: {
          formType: "Lead Generation",
          template: "guide-delivery",
          subject: `Your free guide: ${guide.title}`,
          to: lead.email,
          formData: {},
        },
        perRecipientPerDay: config.GUIDE_MAILS_PER_RECIPIENT_PER_DAY,
      },
    ).catch(refusedQuietly);
    if (stored && !stored.visitorCopy) {
      log.warn(
        { leadId: stored.id, to: maskEmail(lead.email), perDay: config.GUIDE_MAILS_PER_RECIPIENT_PER_DAY },
        "Guide request stored, but the guide e-mail was not queued: the address has had its guide e-mails for today",
      );
    }
  } catch (error) {
    log.error(errorFields(error), "Failed to store guide request");
    const down = databaseDownFailure(error, form, values, "Submission failed");
    if (down) return down;
    return failure(
      {
        form,
        values,
        errors: {},
        toast: {
          title: "Submission failed",
          description: "There was an error submitting your information. Please try again.",
          variant: "destructive",
        },
      },
      500,
    );
  }
  kickOutbox();
  return redirect("/thank-you", {
    headers: await flashToastHeaders(
      {
        title: "Success!",
        description: "Your information has been submitted. You'll receive your free guide shortly.",
        variant: "success",
      },
      "guide",
    ),
  });
}
