import type { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { type MultipartLimits, parseMultipart, UploadError } from "./multipart.server";

const limits: MultipartLimits = {
  maxFileBytes: 1024 * 1024,
  maxFieldBytes: 1024,
  maxFields: 10,
  maxTotalBytes: 2 * 1024 * 1024,
  idleMs: 60_000,
  minBytesPerSecond: 0,
  minRateAfterMs: 60_000,
};

function body(boundary = "b0undary") {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const state = { cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      state.cancelled = true;
    },
  });
  const request = new Request("http://localhost/upload", {
    method: "POST",
    body: stream,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    duplex: "half",
  } as RequestInit);
  return {
    request,
    state,
    send: (text: string | Buffer) => {
      if (!state.cancelled) controller.enqueue(new Uint8Array(Buffer.from(text)));
    },
    end: () => controller.close(),
  };
}

const field = (name: string, value: string, boundary = "b0undary") =>
  `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const fileHead = (filename: string, boundary = "b0undary") =>
  `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`;

async function failure(promise: Promise<unknown>): Promise<UploadError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UploadError);
  return error as UploadError;
}

describe("parseMultipart", () => {
  it("hands the file over as a stream and returns the fields", async () => {
    const upload = body();
    const chunks: Buffer[] = [];
    const parsed = parseMultipart(upload.request, limits, (info, stream) => {
      expect(info).toEqual({ fieldName: "file", name: "bill.pdf", type: "application/pdf" });
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    });
    upload.send(`${field("name", "Jo")}${fileHead("bill.pdf")}%PDF-1.4 hello\r\n--b0undary--\r\n`);
    upload.end();
    expect(await parsed).toEqual({ fields: { name: "Jo" } });
    expect(Buffer.concat(chunks).toString()).toBe("%PDF-1.4 hello");
  });

  // What busboy rejects must end the read (our source cancelled, so the server can still answer), not hang.
  it.each([
    ["a NUL in a filename", `${fileHead("bi\0ll.pdf")}%PDF-1.4`],
    ["a CR/LF in a filename", `${fileHead("bill\r\n.pdf")}%PDF-1.4`],
    ["a 200 KB part header", `--b0undary\r\nContent-Disposition: form-data; name="x${"a".repeat(200_000)}"\r\n\r\n`],
    ["a part header without a colon", "--b0undary\r\nnot a header\r\n\r\nvalue\r\n"],
  ])("refuses %s as malformed and stops reading", async (_label, text) => {
    const upload = body();
    const parsed = parseMultipart(upload.request, limits);
    upload.send(`${field("name", "Jo")}${text}`);
    const error = await failure(parsed);
    expect(error.reason).toBe("malformed");
    expect(upload.state.cancelled).toBe(true);
  });

  it("refuses a chunked body past the total limit while it streams", async () => {
    const upload = body();
    const parsed = parseMultipart(upload.request, { ...limits, maxTotalBytes: 256 * 1024 }, (_info, stream) =>
      stream.resume(),
    );
    upload.send(fileHead("bill.pdf"));
    for (let i = 0; i < 8; i++) upload.send(Buffer.alloc(64 * 1024, 32));
    const error = await failure(parsed);
    expect(error.reason).toBe("too-large");
    expect(upload.state.cancelled).toBe(true);
  });

  it("cuts off a body that stops arriving, keeping the fields that came", async () => {
    const upload = body();
    let fileError: unknown = null;
    const parsed = parseMultipart(upload.request, { ...limits, idleMs: 200 }, (_info, stream) => {
      stream.on("error", (error) => {
        fileError = error;
      });
      stream.resume();
    });
    upload.send(`${field("businessName", "Acme")}${fileHead("bill.pdf")}%PDF-1.4`);
    const error = await failure(parsed);
    expect(error.reason).toBe("idle");
    expect(error.fields).toEqual({ businessName: "Acme" });
    expect(upload.state.cancelled).toBe(true);
    expect(fileError).toBeInstanceOf(UploadError);
  });

  it("cuts off a body that keeps arriving below the minimum rate", async () => {
    const upload = body();
    const parsed = parseMultipart(
      upload.request,
      { ...limits, idleMs: 10_000, minBytesPerSecond: 100_000, minRateAfterMs: 200 },
      (_info, stream) => stream.resume(),
    );
    upload.send(fileHead("bill.pdf"));
    const drip = setInterval(() => upload.send("x"), 10);
    try {
      expect((await failure(parsed)).reason).toBe("slow");
    } finally {
      clearInterval(drip);
    }
  });

  it("does not count the time it pauses the body itself (storage slower than the client) as idle", async () => {
    const upload = body();
    let received = 0;
    let file: Readable | null = null;
    const parsed = parseMultipart(upload.request, { ...limits, idleMs: 100 }, (_info, stream) => {
      file = stream;
      stream.on("data", (chunk: Buffer) => {
        received += chunk.length;
      });
      stream.pause();
    });
    upload.send(fileHead("bill.pdf"));
    upload.send(Buffer.alloc(900 * 1024, 32));
    // Held back by us for many idle periods, then read on.
    await new Promise((resolve) => setTimeout(resolve, 600));
    (file as Readable | null)?.resume();
    upload.send("\r\n--b0undary--\r\n");
    upload.end();
    await parsed;
    expect(received).toBe(900 * 1024);
  });

  it("reports its progress to its watcher, and stops reading when the watcher cuts it off", async () => {
    const upload = body();
    const controller = new AbortController();
    const reports: [number, number, boolean][] = [];
    const report = (received: number, readingMs: number, done = false) => {
      reports.push([received, readingMs, done]);
    };
    // The default idle limit: on a loaded machine a 100 ms one ends the upload before the watcher acts.
    const parsed = parseMultipart(upload.request, limits, (_info, stream) => stream.resume(), {
      signal: controller.signal,
      report,
    });
    upload.send(field("businessName", "Slow Dairy"));
    upload.send(fileHead("bill.pdf"));
    upload.send(Buffer.alloc(1000, 32));
    await expect.poll(() => reports.at(-1)?.[0], { timeout: 10_000 }).toBeGreaterThan(1000);
    controller.abort();
    const error = await failure(parsed);
    expect(error.reason).toBe("evicted");
    expect(error.fields).toEqual({ businessName: "Slow Dairy" });
    expect(upload.state.cancelled).toBe(true);
    expect(reports.every(([, , done]) => !done)).toBe(true);

    const whole = body();
    const finished: boolean[] = [];
    const read = parseMultipart(whole.request, limits, undefined, {
      signal: new AbortController().signal,
      report: (_received, _ms, done = false) => finished.push(done),
    });
    whole.send(`${field("a", "1")}--b0undary--\r\n`);
    whole.end();
    await read;
    expect(finished.at(-1)).toBe(true);
  });
});
