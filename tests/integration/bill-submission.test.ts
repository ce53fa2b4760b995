import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/server/db/client.server";
import { useDatabaseHandle } from "~/server/db/db.server";
import { emailOutbox, leadSubmissions } from "~/server/db/schema";
import { billAction } from "~/server/leads/bill-action.server";
import { requestContext } from "~/server/request-context.server";
import { LocalBillStorage, useBillStorage } from "~/server/storage/bill-storage.server";
import { dbTargets, openMigrated } from "./db-targets";

const pdfBytes = () => Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(4000, 32), Buffer.from("\n%%EOF\n")]);

function billRequest(file: { name: string; type: string; bytes: Buffer } | null, fields: Record<string, string> = {}) {
  const form = new FormData();
  const all = { businessName: "Acme Farms", contactPerson: "Jo Smith", email: "jo@acme.example", ...fields };
  for (const [key, value] of Object.entries(all)) form.set(key, value);
  if (file) form.set("file", new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
  return new Request("http://localhost/submit-bill", { method: "POST", body: form });
}

function filesIn(dir: string): string[] {
  const bills = path.join(dir, "energy-bills");
  return fs.existsSync(bills) ? fs.readdirSync(bills).filter((name) => !name.endsWith(".type")) : [];
}

describe.each(dbTargets)("bill submission on $name", (target) => {
  let handle: DatabaseHandle;
  let uploads: string;

  beforeAll(async () => {
    handle = await openMigrated(target);
    useDatabaseHandle(handle);
    uploads = fs.mkdtempSync(path.join(os.tmpdir(), "bills-"));
    useBillStorage(new LocalBillStorage(uploads));
  });
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
    const broken = await openDatabase({});
    await broken.close();
    useDatabaseHandle(broken);
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
      useDatabaseHandle(handle);
    }
  });
});
