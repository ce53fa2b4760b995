import type { RouterContextProvider } from "react-router";
import { redirect } from "react-router";
import {
  billFields,
  billMessages,
  billSchema,
  checkBillFile,
  FILE_MAX_BYTES,
  fileExtension,
  kindOfExtension,
  sniffFileKind,
} from "~/lib/validation/bill";
import { errorList, validateWith } from "~/lib/validation/common";
import { getConfig } from "../config.server";
import { getDb } from "../db/db.server";
import { flashToastHeaders, type Toast } from "../flash.server";
import { attributionFrom, honeypotFilled, takeSubmission } from "../forms.server";
import { kickOutbox } from "../mail/outbox.server";
import { mailSubjects } from "../mail/render.server";
import { getBillStorage, newBillKey } from "../storage/bill-storage.server";
import { parseMultipart, UploadTooLargeError } from "../uploads/multipart.server";
import { failure, rateLimited } from "./lead-actions.server";
import { storeBillSubmission } from "./lead-store.server";

/** Uploads being read or checked right now, and how many may be at once (≤ 10 MB each). */
let uploadsInProgress = 0;
const MAX_CONCURRENT_UPLOADS = 32;

/** Room for the text fields next to a 10 MB file in one multipart body. */
export const BILL_BODY_LIMIT_BYTES = FILE_MAX_BYTES + 64 * 1024;

const SUCCESS_TOAST: Toast = {
  title: "Assessment request submitted!",
  description: "We'll review your bill and send your custom solar quote within 24 hours.",
  variant: "success",
};

const submissionFailed = (message: string): Toast => ({
  title: "Submission failed",
  description: `There was an error submitting your request: ${message || "Unknown error occurred"}. Please try again.`,
  variant: "destructive",
});

/**
 * The bill form, in the spec's order: validate → store the file → insert the row (with its
 * e-mail job, one transaction) → toast → /thank-you. A failed insert removes the stored file,
 * so no bill is ever kept without its lead. The file is checked by its declared name, type and
 * size and by its real content (a ".pdf" that is HTML is refused).
 */
export async function billAction(request: Request, context: Readonly<RouterContextProvider>) {
  const form = "bill";
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > BILL_BODY_LIMIT_BYTES) {
    return failure(
      { form, values: {}, errors: { file: billMessages.fileTooLarge }, toast: fileToast(billMessages.fileTooLarge) },
      413,
    );
  }

  // The limit is taken before the body is read: a flood of uploads is refused cheaply.
  const { allowed, retryAfterSeconds } = takeSubmission(context);
  if (!allowed) return rateLimited(form, {}, retryAfterSeconds);
  // Each upload is held in memory (at most 10 MB) while it is checked: bound how many at once.
  if (uploadsInProgress >= MAX_CONCURRENT_UPLOADS) {
    return failure(
      {
        form,
        values: {},
        errors: {},
        toast: submissionFailed("we are receiving many bills right now, please try again in a minute"),
      },
      503,
      { "Retry-After": "30" },
    );
  }
  uploadsInProgress++;
  let parsed: Awaited<ReturnType<typeof parseMultipart>>;
  try {
    parsed = await parseMultipart(request, {
      maxFileBytes: FILE_MAX_BYTES,
      maxFieldBytes: 8 * 1024,
      maxFields: 20,
      maxTotalBytes: BILL_BODY_LIMIT_BYTES,
    });
  } catch (error) {
    uploadsInProgress--;
    if (error instanceof UploadTooLargeError) {
      return failure(
        { form, values: {}, errors: { file: billMessages.fileTooLarge }, toast: fileToast(billMessages.fileTooLarge) },
        413,
      );
    }
    console.warn("Unreadable bill form:", error);
    return failure({ form, values: {}, errors: {}, toast: submissionFailed("the form could not be read") }, 400);
  }
  try {
    return await handleParsed(request, form, parsed);
  } finally {
    uploadsInProgress--;
  }
}

async function handleParsed(request: Request, form: string, parsed: Awaited<ReturnType<typeof parseMultipart>>) {
  const { fields } = parsed;
  const file = parsed.file && (parsed.file.name !== "" || parsed.file.data.length > 0) ? parsed.file : null;
  const values = Object.fromEntries(billFields.map((name) => [name, fields[name] ?? ""]));
  if (honeypotFilled(fields)) return redirect("/thank-you");

  const validated = validateWith(billSchema, fields);
  const fileError = !file
    ? billMessages.fileRequired
    : file.truncated
      ? billMessages.fileTooLarge
      : (checkBillFile({ name: file.name, type: file.type, size: file.data.length }) ??
        (sniffFileKind(file.data.subarray(0, 16)) !== kindOfExtension(file.name) ? billMessages.fileType : null));

  if (!validated.ok || fileError) {
    const errors: Partial<Record<string, string>> = validated.ok ? {} : { ...validated.errors };
    if (fileError) errors.file = fileError;
    const toast: Toast = !validated.ok
      ? {
          title: billMessages.errorsTitle,
          description: [...errorList(validated.errors, billFields), ...(fileError ? [fileError] : [])].join(" "),
          variant: "destructive",
        }
      : !file
        ? { title: billMessages.fileRequiredTitle, description: billMessages.fileRequired, variant: "destructive" }
        : fileToast(fileError ?? "");
    return failure({ form, values, errors, toast }, fileError === billMessages.fileTooLarge ? 413 : 400);
  }

  const config = getConfig();
  const storage = getBillStorage(config.DATA_DIR);
  const upload = file as NonNullable<typeof file>;
  const extension = fileExtension(upload.name);
  const key = newBillKey(extension);
  try {
    await storage.put(key, upload.data, upload.type);
  } catch (error) {
    console.error("Failed to upload file:", error);
    // The visitor sees the spec's message with a plain reason; the details stay in the log.
    const message = "Failed to upload file: the file store is unavailable";
    return failure({ form, values, errors: {}, toast: submissionFailed(message) }, 500);
  }

  const lead = validated.data;
  try {
    await storeBillSubmission(
      await getDb(),
      {
        businessName: lead.businessName,
        contactName: lead.contactPerson,
        email: lead.email,
        phone: lead.phone,
        monthlyEnergyBill: lead.monthlyBillAmount,
        fileUrl: key,
        ...attributionFrom(fields, request),
      },
      {
        formType: "Solar Assessment",
        subject: mailSubjects.bill,
        to: config.NOTIFY_EMAIL,
        formData: (id) => ({
          businessName: lead.businessName,
          contactPerson: lead.contactPerson,
          email: lead.email,
          phone: lead.phone,
          monthlyBillAmount: lead.monthlyBillAmount,
          // Bills are private: the e-mail names the stored file, never a public URL. (The staff
          // area that opens it is still to be built; until then it is in DATA_DIR/uploads.)
          fileUrl: `${key} (private file, submission ${id})`,
        }),
      },
    );
  } catch (error) {
    // No orphans: the row was not written, so the file goes too.
    await storage.delete(key).catch((cleanup) => console.error("Could not remove orphaned bill", key, cleanup));
    console.error("Failed to save form data:", error);
    const message = "Failed to save form data: the database is unavailable";
    return failure({ form, values, errors: {}, toast: submissionFailed(message) }, 500);
  }
  kickOutbox();

  return redirect("/thank-you", { headers: await flashToastHeaders(SUCCESS_TOAST, "bill") });
}

function fileToast(message: string): Toast {
  return { title: billMessages.fileValidationFailed, description: message, variant: "destructive" };
}
