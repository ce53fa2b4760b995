import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billFileResponse, SIGNED_URL_SECONDS } from "./bill-response.server";
import { LocalBillStorage, newBillKey } from "./bill-storage.server";
import type { S3BillStorage } from "./s3-bill-storage.server";
import { startTestS3, type TestS3 } from "./s3-test-server";

const id = "0b7f3f3e-3c1a-4c55-9a57-6f1f0f6b1c11";
const pdf = Buffer.from("%PDF-1.4\nthe bill\n%%EOF\n");

let s3: TestS3;
let storage: S3BillStorage;
beforeAll(async () => {
  s3 = await startTestS3();
  storage = s3.storage();
});
afterAll(async () => {
  storage?.destroy();
  await s3?.close();
});

describe("billFileResponse (the staff route's answer)", () => {
  it("streams a bill from S3 with its type, never cached, sandboxed", async () => {
    const key = newBillKey("pdf");
    await storage.put(key, Readable.from([pdf]), "application/pdf");
    const response = await billFileResponse(storage, key, id, { signedUrls: false });
    expect(response?.status).toBe(200);
    expect(Object.fromEntries(response?.headers ?? [])).toMatchObject({
      "content-type": "application/pdf",
      "content-length": String(pdf.length),
      "content-disposition": `inline; filename="energy-bill-${id}.pdf"`,
      "cache-control": "private, no-store",
    });
    expect(response?.headers.get("content-security-policy")).toContain("sandbox");
    expect(Buffer.from(await (response as Response).arrayBuffer()).equals(pdf)).toBe(true);
    expect(await billFileResponse(storage, newBillKey("pdf"), id, { signedUrls: false })).toBeNull();
  });

  it("serves a stored type it did not accept as a download of bytes, never as itself", async () => {
    const key = newBillKey("png");
    await storage.put(key, Readable.from([Buffer.from("<script>")]), "text/html");
    const response = await billFileResponse(storage, key, id, { signedUrls: false });
    expect(response?.headers.get("content-type")).toBe("application/octet-stream");
    await response?.body?.cancel();
  });

  it("with BILL_SIGNED_URLS, redirects to a signed URL of the bucket that opens the bill for a minute", async () => {
    const key = newBillKey("pdf");
    await storage.put(key, Readable.from([pdf]), "application/pdf");
    const response = await billFileResponse(storage, key, id, { signedUrls: true });
    expect(response?.status).toBe(302);
    expect(response?.headers.get("cache-control")).toBe("private, no-store");
    expect(response?.headers.get("referrer-policy")).toBe("no-referrer");
    const location = new URL(response?.headers.get("location") ?? "");
    expect(location.searchParams.get("X-Amz-Expires")).toBe(String(SIGNED_URL_SECONDS));
    const opened = await fetch(location);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("content-type")).toBe("application/pdf");
    expect(opened.headers.get("content-disposition")).toBe(`inline; filename="energy-bill-${id}.pdf"`);
    expect(Buffer.from(await opened.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it("streams from the local folder even with BILL_SIGNED_URLS (it cannot sign)", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "bill-response-"));
    try {
      const local = new LocalBillStorage(root);
      const key = newBillKey("pdf");
      await local.put(key, Readable.from([pdf]), "application/pdf");
      const response = await billFileResponse(local, key, id, { signedUrls: true });
      expect(response?.status).toBe(200);
      expect(Buffer.from(await (response as Response).arrayBuffer()).equals(pdf)).toBe(true);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
