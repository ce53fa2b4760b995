import type { RouterContextProvider } from "react-router";
import { redirect } from "react-router";
import { HONEYPOT_FIELD } from "~/lib/forms";
import type { ToastMessage } from "~/lib/toast";
import {
  billFields,
  billMessages,
  billSchema,
  checkBillFile,
  FILE_MAX_BYTES,
  kindOfExtension,
  sniffFileKind,
} from "~/lib/validation/bill";
import { errorList, validateWith } from "~/lib/validation/common";
import { postedEstimate } from "../calculator/snapshot.server";
import { today } from "../clock.server";
import { getConfig } from "../config.server";
import { CommitOutcomeUnknownError } from "../db/availability.server";
import { flashToastHeaders } from "../flash.server";
import { attributionFrom, clientIp, honeypotFilled, takeSubmission } from "../forms.server";
import { errorFields, log } from "../log.server";
import { kickOutbox } from "../mail/outbox-worker.server";
import { mailSubjects } from "../mail/render.server";
import { database } from "../request-context.server";
import { getBillStorage } from "../storage/bill-storage.server";
import { BillReceiver, type ReceivedBill } from "../uploads/bill-file.server";
import { parseMultipart, UploadError } from "../uploads/multipart.server";
import { type SlotGrant, UploadSlots } from "../uploads/upload-slots.server";
import { databaseDownFailure, failure, rateLimited } from "./lead-actions.server";
import { refusedQuietly, storeBillSubmission } from "./lead-store.server";

const BILL_BODY_LIMIT_BYTES = FILE_MAX_BYTES + 64 * 1024;

const UPLOAD_QUEUE_WAIT_MS = 20_000;
/** A slow start is normal, so the minimum rate is judged only after this much reading. */
const UPLOAD_MIN_RATE_AFTER_MS = 30_000;
const RETRY_AFTER_SECONDS = 30;

type UploadSettings = { slots: UploadSlots; idleMs: number; minBytesPerSecond: number; minRateAfterMs: number };

let settings: UploadSettings | undefined;

function uploadSettings(): UploadSettings {
  if (!settings) {
    const config = getConfig();
    settings = {
      slots: new UploadSlots({
        total: config.UPLOADS_AT_ONCE,
        perAddress: config.UPLOADS_PER_ADDRESS,
        maxWaitMs: UPLOAD_QUEUE_WAIT_MS,
        maxQueue: config.UPLOADS_AT_ONCE * 4,
        evictAfterMs: config.UPLOAD_EVICT_AFTER_SECONDS * 1000,
      }),
      idleMs: config.UPLOAD_IDLE_SECONDS * 1000,
      minBytesPerSecond: config.UPLOAD_MIN_BYTES_PER_SECOND,
      minRateAfterMs: UPLOAD_MIN_RATE_AFTER_MS,
    };
  }
  return settings;
}

export function useUploadSettings(value: UploadSettings | undefined): void {
  settings = value;
}

const SUCCESS_TOAST: ToastMessage = {
  title: "Assessment request submitted!",
  description: "We'll review your bill and send your custom solar quote within 24 hours.",
  variant: "success",
};

const submissionFailed = (message: string): ToastMessage => ({
  title: "Submission failed",
  description: `There was an error submitting your request: ${message || "Unknown error occurred"}. Please try again.`,
  variant: "destructive",
});

const form = "bill";

const uploadFailures = {
  "too-large": { status: 413, message: null },
  idle: { status: 408, message: "the upload stopped before your bill arrived" },
  slow: { status: 408, message: "the upload was too slow to finish" },
  // It yielded its slot to another upload (decision 0020): the server is busy, not the visitor wrong.
  evicted: {
    status: 503,
    message:
      "we are receiving many bills right now and yours was arriving too slowly to finish, please try again in a minute",
  },
  malformed: { status: 400, message: "the form could not be read" },
  aborted: { status: 400, message: "the upload was interrupted" },
} as const;

/** Uploads are capped per address and in total; stalled ones get 408, the slowest yields its slot (503, decision 0020). */
export async function billAction(request: Request, context: Readonly<RouterContextProvider>) {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > BILL_BODY_LIMIT_BYTES) {
    await discardBody(request);
    return failure(
      { form, values: {}, errors: { file: billMessages.fileTooLarge }, toast: fileToast(billMessages.fileTooLarge) },
      413,
    );
  }

  // The limit is taken before the body is read: a flood of uploads is refused cheaply.
  const { allowed, retryAfterSeconds } = await takeSubmission(context);
  if (!allowed) {
    await discardBody(request);
    return rateLimited(form, {}, retryAfterSeconds);
  }
  const limits = uploadSettings();
  const address = clientIp(context);
  const slot = await limits.slots.acquire(address, declared > 0 ? declared : BILL_BODY_LIMIT_BYTES);
  if (!slot.ok) {
    await discardBody(request);
    if (slot.reason === "address") {
      log.info({ ...limits.slots.counts }, "Bill upload refused: this address already has uploads in progress");
      return failure(
        {
          form,
          values: {},
          errors: {},
          toast: submissionFailed("another bill from your network is still uploading, please wait for it to finish"),
        },
        429,
        { "Retry-After": String(RETRY_AFTER_SECONDS) },
      );
    }
    log.warn({ ...limits.slots.counts }, "Bill upload refused: every upload slot stayed busy");
    return failure(
      {
        form,
        values: {},
        errors: {},
        toast: submissionFailed("we are receiving many bills right now, please try again in a minute"),
      },
      503,
      { "Retry-After": String(RETRY_AFTER_SECONDS) },
    );
  }
  try {
    return await receiveBill(request, context, limits, slot);
  } finally {
    slot.release();
  }
}

async function receiveBill(
  request: Request,
  context: Readonly<RouterContextProvider>,
  limits: UploadSettings,
  slot: SlotGrant,
) {
  const storage = getBillStorage(getConfig().DATA_DIR);
  let receiver: BillReceiver | null = null;
  let fields: Record<string, string>;
  try {
    ({ fields } = await parseMultipart(
      request,
      {
        // busboy marks a file truncated at this size: one more than the largest allowed.
        maxFileBytes: FILE_MAX_BYTES + 1,
        maxFieldBytes: 8 * 1024,
        maxFields: 20,
        maxTotalBytes: BILL_BODY_LIMIT_BYTES,
        idleMs: limits.idleMs,
        minBytesPerSecond: limits.minBytesPerSecond,
        minRateAfterMs: limits.minRateAfterMs,
      },
      (info, stream, fieldsSoFar) => {
        // The honeypot comes before the file in our form: a trapped file is not stored.
        const trap = (fieldsSoFar[HONEYPOT_FIELD] ?? "").trim() !== "";
        receiver = new BillReceiver(info, stream, storage, { store: !trap });
      },
      slot,
    ));
  } catch (error) {
    await (receiver as BillReceiver | null)?.discard();
    if (!(error instanceof UploadError)) throw error;
    const values = valuesOf(error.fields);
    if (error.reason === "too-large") {
      return failure(
        { form, values, errors: { file: billMessages.fileTooLarge }, toast: fileToast(billMessages.fileTooLarge) },
        413,
      );
    }
    const { status, message } = uploadFailures[error.reason];
    const level = error.reason === "malformed" || error.reason === "aborted" ? "info" : "warn";
    log[level](
      { reason: error.reason, cause: String(error.cause ?? "").slice(0, 200), ...limits.slots.counts },
      "Bill upload not read to its end",
    );
    const headers = status === 503 ? { "Retry-After": String(RETRY_AFTER_SECONDS) } : undefined;
    return failure({ form, values, errors: {}, toast: submissionFailed(message) }, status, headers);
  }
  const upload = receiver as BillReceiver | null;
  try {
    return await handleReceived(request, context, fields, upload ? await upload.received() : null, upload);
  } catch (error) {
    await upload?.discard();
    throw error;
  }
}

function valuesOf(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(billFields.map((name) => [name, fields[name] ?? ""]));
}

async function handleReceived(
  request: Request,
  context: Readonly<RouterContextProvider>,
  fields: Record<string, string>,
  received: ReceivedBill | null,
  upload: BillReceiver | null,
) {
  // A file input left empty still sends a part, with no name and no bytes.
  const file = received && (received.name !== "" || received.size > 0) ? received : null;
  const values = valuesOf(fields);
  if (honeypotFilled(fields)) {
    await upload?.discard();
    return redirect("/thank-you");
  }

  const validated = validateWith(billSchema, fields);
  const fileError = !file
    ? billMessages.fileRequired
    : file.truncated
      ? billMessages.fileTooLarge
      : (checkBillFile({ name: file.name, type: file.type, size: file.size }) ??
        (sniffFileKind(file.head) !== kindOfExtension(file.name) ? billMessages.fileType : null));

  if (!validated.ok || fileError) {
    await upload?.discard();
    const errors: Partial<Record<string, string>> = validated.ok ? {} : { ...validated.errors };
    if (fileError) errors.file = fileError;
    const toast: ToastMessage = !validated.ok
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

  const stored = file as ReceivedBill;
  if (!stored.key) {
    await upload?.discard();
    log.error(errorFields(stored.storageError), "Failed to upload file");
    const message = "Failed to upload file: the file store is unavailable";
    return failure({ form, values, errors: {}, toast: submissionFailed(message) }, 500);
  }
  const key = stored.key;

  const config = getConfig();
  const lead = validated.data;
  const estimate = await postedEstimate(fields, today());
  let saved: string | null = null;
  try {
    saved = await storeBillSubmission(
      await database(context),
      {
        businessName: lead.businessName,
        contactName: lead.contactPerson,
        email: lead.email,
        phone: lead.phone,
        monthlyEnergyBill: lead.monthlyBillAmount,
        fileUrl: key,
        estimate,
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
          // Bills are private: the e-mail names the stored file, never a public URL.
          fileUrl: `${key} (private file, submission ${id})`,
          ...(estimate ? { estimate: `${config.SITE_URL}/solar-calculator?${estimate.query}` } : {}),
        }),
      },
    ).catch(refusedQuietly);
  } catch (error) {
    // If COMMIT's outcome is unknown the row may exist: keep the file; the orphan sweep removes it if no row names it.
    if (error instanceof CommitOutcomeUnknownError) upload?.keep();
    else await upload?.discard();
    log.error(errorFields(error), "Failed to save form data");
    const down = databaseDownFailure(error, form, values, "Submission failed");
    if (down) return down;
    const message = "Failed to save form data: the database is unavailable";
    return failure({ form, values, errors: {}, toast: submissionFailed(message) }, 500);
  }
  // A blocked sender's bill is not kept either (decision 0034); the answer is the usual one.
  if (saved === null) await upload?.discard();
  else upload?.keep();
  kickOutbox();

  return redirect("/thank-you", { headers: await flashToastHeaders(SUCCESS_TOAST, "bill") });
}

/** The body bridge discards the rest, so the client still gets the answer. */
async function discardBody(request: Request) {
  if (request.body && !request.body.locked) await request.body.cancel().catch(() => {});
}

function fileToast(message: string): ToastMessage {
  return { title: billMessages.fileValidationFailed, description: message, variant: "destructive" };
}
