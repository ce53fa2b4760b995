import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "~/server/db/client.server";
import { useDatabaseForTests } from "~/server/db/db.server";
import { emailOutbox, leadSubmissions } from "~/server/db/schema";
import { billAction, useUploadSettings } from "~/server/leads/bill-action.server";
import { SWEEP_LOCK_KEY, sweepOrphanBills } from "~/server/leads/orphan-sweep.server";
import { requestContext } from "~/server/request-context.server";
import { LocalBillStorage, newBillKey, reserveBillKey, useBillStorage } from "~/server/storage/bill-storage.server";
import type { S3BillStorage } from "~/server/storage/s3-bill-storage.server";
import { startTestS3, type TestS3 } from "~/server/storage/s3-test-server";
import { UploadSlots } from "~/server/uploads/upload-slots.server";
import { closedDatabase, dbTargets, openMigrated } from "./db-targets";

const pdfBytes = () => Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(4000, 32), Buffer.from("\n%%EOF\n")]);

function billRequest(file: { name: string; type: string; bytes: Buffer } | null, fields: Record<string, string> = {}) {
  const form = new FormData();
  const all = { businessName: "Acme Farms", contactPerson: "Jo Smith", email: "jo@acme.example", ...fields };
  for (const [key, value] of Object.entries(all)) form.set(key, value);
  if (file) form.set("file", new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
  return new Request("http://localhost/submit-bill", { method: "POST", body: form });
}

/** What an action answered with a form state (a `data()` result) rather than a Response. */
type FormResult = {
  data: {
    toast: { title: string; description: string };
    errors: Record<string, string>;
    values: Record<string, string>;
  };
  init: { status: number; headers?: Record<string, string> };
};

const MiB = 1024 * 1024;
const pdfOfSize = (size: number) => Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(size - 9, 32)]);

/**
 * A bill upload whose body the test sends piece by piece, as a slow or stalled client would:
 * `send` more bytes, `finish` the body. `cancelled` turns true when the server stops reading.
 */
function uploadByHand(fields: Record<string, string> = {}, file = { name: "bill.pdf", type: "application/pdf" }) {
  const boundary = `----solarTest${Math.random().toString(16).slice(2)}`;
  const all = { businessName: "Acme Farms", contactPerson: "Jo Smith", email: "jo@acme.example", ...fields };
  const head = Buffer.from(
    [
      ...Object.entries(all).map(
        ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ].join(""),
  );
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const state = { cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      c.enqueue(new Uint8Array(head));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  const request = new Request("http://localhost/submit-bill", {
    method: "POST",
    body,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    duplex: "half",
  } as RequestInit);
  return {
    request,
    state,
    send(bytes: Buffer) {
      if (!state.cancelled) controller.enqueue(new Uint8Array(bytes));
    },
    finish(bytes: Buffer = Buffer.alloc(0)) {
      controller.enqueue(new Uint8Array(Buffer.concat([bytes, Buffer.from(`\r\n--${boundary}--\r\n`)])));
      controller.close();
    },
  };
}

const settings = (slots: Partial<ConstructorParameters<typeof UploadSlots>[0]> = {}, limits = {}) => ({
  slots: new UploadSlots({
    total: 10,
    perAddress: 10,
    maxWaitMs: 60_000,
    maxQueue: 10,
    evictAfterMs: 60_000,
    ...slots,
  }),
  idleMs: 60_000,
  minBytesPerSecond: 0,
  minRateAfterMs: 60_000,
  ...limits,
});

function filesIn(dir: string): string[] {
  const bills = path.join(dir, "energy-bills");
  return fs.existsSync(bills) ? fs.readdirSync(bills).filter((name) => !name.endsWith(".type")) : [];
}

describe.each(dbTargets)("bill submission on $name", (target) => {
  let handle: DatabaseHandle;
  let uploads: string;

  beforeAll(async () => {
    handle = await openMigrated(target);
    useDatabaseForTests(handle);
    uploads = fs.mkdtempSync(path.join(os.tmpdir(), "bills-"));
    useBillStorage(new LocalBillStorage(uploads));
  });
  afterEach(() => useUploadSettings(undefined));
  afterAll(async () => {
    useBillStorage(undefined);
    await handle?.close();
    fs.rmSync(uploads, { recursive: true, force: true });
  });

  it("stores the file privately, one row and one queued e-mail, then redirects to /thank-you", async () => {
    const response = (await billAction(
      billRequest(
        { name: "march-bill.pdf", type: "application/pdf", bytes: pdfBytes() },
        { monthlyBillAmount: "8500" },
      ),
      requestContext(`ok-${target.name}`),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/thank-you");
    expect(response.headers.get("Set-Cookie")).toContain("sa_flash=");

    const rows = await handle.db.select().from(leadSubmissions);
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row).toMatchObject({ businessName: "Acme Farms", contactName: "Jo Smith", monthlyEnergyBill: 8500 });
    expect(row?.fileUrl).toMatch(/^energy-bills\/\d+-[0-9a-f]{16}\.pdf$/);
    expect(filesIn(uploads)).toEqual([path.basename(row?.fileUrl ?? "")]);
    const jobs = await handle.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.leadSubmissionId, row?.id ?? ""));
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ subject: "New Solar Assessment Request", formType: "Solar Assessment" });
  });

  it.each([
    [
      "a file that is really HTML",
      {
        name: "bill.pdf",
        type: "application/pdf",
        bytes: Buffer.concat([Buffer.from("<!doctype html>"), Buffer.alloc(3000, 32)]),
      },
      "Invalid file type. Only PDF, JPG, and PNG files are allowed.",
    ],
    [
      "a too small file",
      { name: "bill.pdf", type: "application/pdf", bytes: Buffer.from("%PDF-1.4 tiny") },
      "File is too small. Please upload a valid energy bill.",
    ],
    ["a wrong extension", { name: "bill.exe", type: "application/pdf", bytes: pdfBytes() }, "Invalid file extension."],
    ["a ../ name", { name: "../bill.pdf", type: "application/pdf", bytes: pdfBytes() }, "Invalid file name."],
  ])("refuses %s and stores nothing", async (_label, file, message) => {
    const before = (await handle.db.select().from(leadSubmissions)).length;
    const filesBefore = filesIn(uploads).length;
    const result = await billAction(billRequest(file), requestContext(`bad-${target.name}`));
    const state = result as unknown as { data: { errors: { file?: string } }; init: { status: number } };
    expect(state.init.status).toBe(400);
    expect(state.data.errors.file).toBe(message);
    expect(await handle.db.select().from(leadSubmissions)).toHaveLength(before);
    expect(filesIn(uploads)).toHaveLength(filesBefore);
  });

  it("refuses a client over the limit with 429 before reading its upload", async () => {
    const ip = requestContext(`flood-${target.name}`);
    for (let i = 0; i < 30; i++) await billAction(billRequest(null), ip);
    const filesBefore = filesIn(uploads).length;
    const result = await billAction(billRequest({ name: "bill.pdf", type: "application/pdf", bytes: pdfBytes() }), ip);
    const state = result as unknown as {
      data: { toast: { description: string } };
      init: { status: number; headers: Record<string, string> };
    };
    expect(state.init.status).toBe(429);
    expect(state.init.headers["Retry-After"]).toMatch(/^\d+$/);
    expect(state.data.toast.description).toContain("Too many submissions");
    expect(filesIn(uploads)).toHaveLength(filesBefore);
  });

  it("removes the stored file when the row cannot be written (no orphans)", async () => {
    const broken = closedDatabase();
    useDatabaseForTests(broken);
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const filesBefore = filesIn(uploads);
      const result = await billAction(
        billRequest({ name: "bill.pdf", type: "application/pdf", bytes: pdfBytes() }),
        requestContext(`orphan-${target.name}`),
      );
      const state = result as unknown as {
        data: { toast: { title: string; description: string } };
        init: { status: number };
      };
      expect(state.init.status).toBe(500);
      expect(state.data.toast.title).toBe("Submission failed");
      expect(state.data.toast.description).toContain("Failed to save form data");
      expect(filesIn(uploads)).toEqual(filesBefore);
    } finally {
      error.mockRestore();
      useDatabaseForTests(handle);
    }
  });

  it("streams the bill to storage while it arrives, instead of holding it in memory", async () => {
    useUploadSettings(settings());
    const upload = uploadByHand({ email: `stream-${target.name}@acme.example` });
    const bill = pdfOfSize(3 * MiB);
    const before = new Set(filesIn(uploads));
    const answer = billAction(upload.request, requestContext(`stream-${target.name}`));
    upload.send(bill.subarray(0, MiB));
    // The first megabyte is on disk before the rest has even been sent.
    const fresh = () => filesIn(uploads).filter((name) => !before.has(name));
    await expect.poll(fresh).toHaveLength(1);
    const partial = path.join(uploads, "energy-bills", fresh()[0] as string);
    await expect.poll(() => fs.statSync(partial).size).toBeGreaterThan(0);
    upload.finish(bill.subarray(MiB));
    const response = (await answer) as Response;
    expect(response.status).toBe(302);
    expect(fs.readFileSync(partial).equals(bill)).toBe(true);
  });

  it("accepts a bill of exactly 10 MiB and refuses one byte more with the spec's message", async () => {
    const email = `exact-${target.name}@acme.example`;
    const exact = (await billAction(
      billRequest({ name: "bill.pdf", type: "application/pdf", bytes: pdfOfSize(10 * MiB) }, { email }),
      requestContext(`exact-${target.name}`),
    )) as Response;
    expect(exact.status).toBe(302);
    const [row] = await handle.db.select().from(leadSubmissions).where(eq(leadSubmissions.email, email));
    expect(fs.statSync(path.join(uploads, row?.fileUrl ?? "")).size).toBe(10 * MiB);

    const filesBefore = filesIn(uploads).length;
    const over = (await billAction(
      billRequest({ name: "bill.pdf", type: "application/pdf", bytes: pdfOfSize(10 * MiB + 1) }),
      requestContext(`exact-${target.name}`),
    )) as unknown as FormResult;
    expect(over.init.status).toBe(413);
    expect(over.data.errors.file).toBe("File size exceeds 10MB limit.");
    expect(filesIn(uploads)).toHaveLength(filesBefore);
  });

  it("lets one address have only UPLOADS_PER_ADDRESS uploads in progress; others are not held up", async () => {
    const slots = settings({ perAddress: 2 });
    useUploadSettings(slots);
    const address = `busy-${target.name}`;
    const held = [uploadByHand(), uploadByHand()];
    const answers = held.map((upload) => billAction(upload.request, requestContext(address)));
    await expect.poll(() => slots.slots.counts.active).toBe(2);

    const third = uploadByHand();
    const refused = (await billAction(third.request, requestContext(address))) as unknown as FormResult;
    expect(refused.init.status).toBe(429);
    expect(refused.init.headers?.["Retry-After"]).toMatch(/^\d+$/);
    expect(refused.data.toast.title).toBe("Submission failed");
    expect(refused.data.toast.description).toMatch(
      /^There was an error submitting your request: .+\. Please try again\.$/,
    );
    expect(third.state.cancelled).toBe(true); // not read at all

    const other = (await billAction(
      billRequest({ name: "bill.pdf", type: "application/pdf", bytes: pdfBytes() }),
      requestContext(`other-${target.name}`),
    )) as Response;
    expect(other.status).toBe(302);

    for (const upload of held) upload.finish(pdfBytes());
    for (const answer of answers) expect(((await answer) as Response).status).toBe(302);
  });

  it("queues a burst beyond UPLOADS_AT_ONCE for a slot, and past the wait answers with the spec's toast and Retry-After", async () => {
    const slots = settings({ total: 1 });
    useUploadSettings(slots);
    const first = uploadByHand();
    const firstAnswer = billAction(first.request, requestContext(`queue-a-${target.name}`));
    await expect.poll(() => slots.slots.counts.active).toBe(1);
    const second = billAction(
      billRequest({ name: "bill.pdf", type: "application/pdf", bytes: pdfBytes() }),
      requestContext(`queue-b-${target.name}`),
    );
    await expect.poll(() => slots.slots.counts.waiting).toBe(1);
    first.finish(pdfBytes());
    expect(((await firstAnswer) as Response).status).toBe(302);
    // The one that waited gets the slot and goes through.
    expect(((await second) as Response).status).toBe(302);

    const short = settings({ total: 1, maxWaitMs: 200 });
    useUploadSettings(short);
    const holder = uploadByHand();
    const holderAnswer = billAction(holder.request, requestContext(`queue-c-${target.name}`));
    await expect.poll(() => short.slots.counts.active).toBe(1);
    const late = uploadByHand();
    const busy = (await billAction(late.request, requestContext(`queue-d-${target.name}`))) as unknown as FormResult;
    expect(busy.init.status).toBe(503);
    expect(busy.init.headers?.["Retry-After"]).toMatch(/^\d+$/);
    expect(busy.data.toast).toMatchObject({
      title: "Submission failed",
      description:
        "There was an error submitting your request: we are receiving many bills right now, please try again in a minute. Please try again.",
    });
    holder.finish(pdfBytes());
    expect(((await holderAnswer) as Response).status).toBe(302);
  });

  it("with every slot taken, the upload furthest from finishing yields to a waiting one: 503, the form as typed, nothing stored", async () => {
    const slots = settings({ total: 1, maxWaitMs: 5_000, evictAfterMs: 300 });
    useUploadSettings(slots);
    const filesBefore = filesIn(uploads);
    const crawl = uploadByHand({ businessName: "Trickle Dairy" });
    const crawlAnswer = billAction(crawl.request, requestContext(`yield-a-${target.name}`));
    crawl.send(pdfOfSize(64 * 1024).subarray(0, 1000));
    const bill = pdfOfSize(64 * 1024);
    let sent = 1000;
    // 5 KB/s of a body that may be 10 MB (chunked): over half an hour to go.
    const drip = setInterval(() => {
      crawl.send(bill.subarray(sent, sent + 100));
      sent += 100;
    }, 20);
    try {
      await expect.poll(() => slots.slots.counts.active).toBe(1);
      const email = `yield-${target.name}@acme.example`;
      const honest = billAction(
        billRequest({ name: "bill.pdf", type: "application/pdf", bytes: pdfBytes() }, { email }),
        requestContext(`yield-b-${target.name}`),
      );
      const cut = (await crawlAnswer) as unknown as FormResult;
      expect(cut.init.status).toBe(503);
      expect(cut.init.headers?.["Retry-After"]).toMatch(/^\d+$/);
      expect(cut.data.values.businessName).toBe("Trickle Dairy");
      expect(cut.data.toast).toMatchObject({
        title: "Submission failed",
        description:
          "There was an error submitting your request: we are receiving many bills right now and yours was arriving too slowly to finish, please try again in a minute. Please try again.",
      });
      expect(crawl.state.cancelled).toBe(true);
      expect(((await honest) as Response).status).toBe(302);
      const rows = await handle.db.select().from(leadSubmissions).where(eq(leadSubmissions.email, email));
      expect(rows).toHaveLength(1);
      // Only the honest bill was kept.
      expect(filesIn(uploads).filter((name) => !filesBefore.includes(name))).toEqual([
        path.basename(rows[0]?.fileUrl ?? ""),
      ]);
    } finally {
      clearInterval(drip);
    }
  });

  it("cuts off an upload that stalls: 408, the form as typed, nothing stored, the body no longer read", async () => {
    useUploadSettings(settings({}, { idleMs: 300 }));
    const filesBefore = filesIn(uploads);
    const upload = uploadByHand({ businessName: "Stalled Dairy" });
    const answer = billAction(upload.request, requestContext(`stall-${target.name}`));
    upload.send(pdfOfSize(64 * 1024)); // then nothing more
    const result = (await answer) as unknown as FormResult;
    expect(result.init.status).toBe(408);
    expect(result.data.values).toMatchObject({ businessName: "Stalled Dairy", contactPerson: "Jo Smith" });
    expect(result.data.toast.title).toBe("Submission failed");
    expect(result.data.toast.description).toMatch(
      /^There was an error submitting your request: .+\. Please try again\.$/,
    );
    expect(upload.state.cancelled).toBe(true);
    expect(filesIn(uploads)).toEqual(filesBefore);
  });

  it("cuts off an upload that crawls below the minimum rate", async () => {
    useUploadSettings(settings({}, { idleMs: 10_000, minBytesPerSecond: 1_000_000, minRateAfterMs: 300 }));
    const filesBefore = filesIn(uploads);
    const upload = uploadByHand({ businessName: "Crawling Dairy" });
    const answer = billAction(upload.request, requestContext(`crawl-${target.name}`));
    const bill = pdfOfSize(64 * 1024);
    let sent = 0;
    const drip = setInterval(() => {
      upload.send(bill.subarray(sent, sent + 100));
      sent += 100;
    }, 20);
    try {
      const result = (await answer) as unknown as FormResult;
      expect(result.init.status).toBe(408);
      expect(result.data.values.businessName).toBe("Crawling Dairy");
      expect(upload.state.cancelled).toBe(true);
    } finally {
      clearInterval(drip);
    }
    expect(filesIn(uploads)).toEqual(filesBefore);
  });

  it("the orphan sweep removes only bill files older than the grace that no row names", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sweep-"));
    const storage = new LocalBillStorage(dir);
    const put = (key: string) => storage.put(key, Readable.from([pdfBytes()]), "application/pdf");
    const old = (key: string, suffix = "") => {
      const time = new Date(Date.now() - 3_600_000);
      fs.utimesSync(path.join(dir, `${key}${suffix}`), time, time);
    };
    try {
      const orphan = newBillKey("pdf");
      const named = newBillKey("pdf");
      const fresh = newBillKey("pdf");
      const deciding = reserveBillKey("pdf");
      const loneType = newBillKey("png");
      for (const key of [orphan, named, fresh, deciding.key]) await put(key);
      fs.writeFileSync(path.join(dir, `${loneType}.type`), "image/png");
      for (const key of [orphan, named, deciding.key]) {
        old(key);
        old(key, ".type");
      }
      old(loneType, ".type");
      await handle.db
        .insert(leadSubmissions)
        .values({ businessName: "Named Co", contactName: "Jo Smith", email: "jo@named.example", fileUrl: named });

      const result = await sweepOrphanBills(handle.db, storage, {
        olderThanMs: 60_000,
        advisoryLock: target.name === "postgres",
      });
      expect(result).toMatchObject({ checked: 4, removed: 2, skipped: false });
      const left = fs.readdirSync(path.join(dir, "energy-bills")).sort();
      const names = (key: string) => [path.basename(key), `${path.basename(key)}.type`];
      expect(left).toEqual([...names(named), ...names(fresh), ...names(deciding.key)].sort());

      // Once its fate is decided (no row), the reserved one goes too.
      deciding.release();
      expect((await sweepOrphanBills(handle.db, storage, { olderThanMs: 60_000 })).removed).toBe(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  // PostgreSQL only: the advisory lock guards instances sharing one server; PGlite is one process.
  it.runIf(target.name === "postgres")(
    "the orphan sweep skips its run while another instance holds the lock",
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sweep-"));
      const storage = new LocalBillStorage(dir);
      try {
        const orphan = newBillKey("pdf");
        await storage.put(orphan, Readable.from([pdfBytes()]), "application/pdf");
        // Another instance's run: the same lock, held on another connection of the pool.
        await handle.db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(${SWEEP_LOCK_KEY})`);
          const result = await sweepOrphanBills(handle.db, storage, { olderThanMs: 0, advisoryLock: true });
          expect(result.skipped).toBe(true);
        });
        expect(filesIn(dir)).toEqual([path.basename(orphan)]);
        const after = await sweepOrphanBills(handle.db, storage, {
          olderThanMs: 0,
          now: Date.now() + 1000,
          advisoryLock: true,
        });
        expect(after.removed).toBe(1);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});

/** The same form with bills in an S3 bucket (an S3-compatible server on loopback, decision 0013). */
describe.each(dbTargets)("bill submission to S3 storage on $name", (target) => {
  let handle: DatabaseHandle;
  let s3: TestS3;
  let storage: S3BillStorage;

  beforeAll(async () => {
    handle = await openMigrated(target);
    useDatabaseForTests(handle);
    s3 = await startTestS3();
    storage = s3.storage();
    useBillStorage(storage);
  });
  afterEach(() => useUploadSettings(undefined));
  afterAll(async () => {
    useBillStorage(undefined);
    storage?.destroy();
    await s3?.close();
    await handle?.close();
  });

  const rowsOf = (email: string) => handle.db.select().from(leadSubmissions).where(eq(leadSubmissions.email, email));

  it("stores the bill in the bucket with its type, and one row naming it", async () => {
    const email = `s3-ok-${target.name}@acme.example`;
    const bill = pdfOfSize(6 * MiB); // more than one 5 MiB part: a multipart upload
    const response = (await billAction(
      billRequest({ name: "bill.pdf", type: "application/pdf", bytes: bill }, { email }),
      requestContext(`s3-ok-${target.name}`),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/thank-you");
    const [row] = await rowsOf(email);
    expect(s3.objectKeys()).toContain(row?.fileUrl);
    const stored = await storage.get(row?.fileUrl ?? "");
    expect(stored).toMatchObject({ contentType: "application/pdf", size: bill.length });
    stored?.body.destroy();
  });

  it("S3 failing mid-upload: the spec's failure message, no row, no object", async () => {
    useUploadSettings(settings());
    const email = `s3-cut-${target.name}@acme.example`;
    const before = s3.objectKeys();
    const upload = uploadByHand({ email });
    const answer = billAction(upload.request, requestContext(`s3-cut-${target.name}`));
    const bill = pdfOfSize(8 * MiB);
    upload.send(bill.subarray(0, 6 * MiB));
    // The first part is in the bucket's store; then the store goes away.
    await expect.poll(() => s3.partBytes(), { timeout: 10_000 }).toBeGreaterThan(0);
    await s3.stop();
    try {
      upload.finish(bill.subarray(6 * MiB));
      const result = (await answer) as unknown as FormResult;
      expect(result.init.status).toBe(500);
      expect(result.data.toast).toEqual({
        title: "Submission failed",
        description:
          "There was an error submitting your request: Failed to upload file: the file store is unavailable. Please try again.",
        variant: "destructive",
      });
      expect(result.data.values).toMatchObject({ businessName: "Acme Farms", email });
      expect(await rowsOf(email)).toHaveLength(0);
      expect(s3.objectKeys()).toEqual(before);
    } finally {
      await s3.start();
    }
  });

  it("S3 unreachable before the bill arrives: the same message, no row", async () => {
    const email = `s3-down-${target.name}@acme.example`;
    await s3.stop();
    try {
      const result = (await billAction(
        billRequest({ name: "bill.pdf", type: "application/pdf", bytes: pdfBytes() }, { email }),
        requestContext(`s3-down-${target.name}`),
      )) as unknown as FormResult;
      expect(result.init.status).toBe(500);
      expect(result.data.toast.title).toBe("Submission failed");
      expect(result.data.toast.description).toBe(
        "There was an error submitting your request: Failed to upload file: the file store is unavailable. Please try again.",
      );
      expect(await rowsOf(email)).toHaveLength(0);
    } finally {
      await s3.start();
    }
  });

  it("the orphan sweep removes only bucket objects older than the grace that no row names", async () => {
    const put = (key: string) => storage.put(key, Readable.from([pdfBytes()]), "application/pdf");
    const old = (key: string) => {
      const time = new Date(Date.now() - 3_600_000);
      fs.utimesSync(s3.objectFile(key), time, time); // s3rver's LastModified is the file's mtime
    };
    const orphan = newBillKey("pdf");
    const named = newBillKey("pdf");
    const fresh = newBillKey("pdf");
    const deciding = reserveBillKey("pdf");
    for (const key of [orphan, named, fresh, deciding.key]) await put(key);
    for (const key of [orphan, named, deciding.key]) old(key);
    await handle.db
      .insert(leadSubmissions)
      .values({ businessName: "Named Co", contactName: "Jo Smith", email: "jo@named.example", fileUrl: named });
    const before = s3.objectKeys().filter((key) => ![orphan, named, fresh, deciding.key].includes(key));

    const result = await sweepOrphanBills(handle.db, storage, {
      olderThanMs: 60_000,
      advisoryLock: target.name === "postgres",
    });
    expect(result).toMatchObject({ removed: 1, skipped: false });
    expect(s3.objectKeys()).toEqual([...before, named, fresh, deciding.key].sort());

    // Once its fate is decided (no row), the reserved one goes too.
    deciding.release();
    expect((await sweepOrphanBills(handle.db, storage, { olderThanMs: 60_000 })).removed).toBe(1);
    expect(s3.objectKeys()).not.toContain(deciding.key);
  });
});
