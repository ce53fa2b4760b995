import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { freePortSync } from "../free-port";
import { decodeHtml } from "./fixtures";
import { exited, type Started, seededDataDir, startServer, waitReady } from "./spawn-server";

/**
 * The bill form under abuse, against a server of our own with small limits: a few addresses
 * with stalled uploads cannot keep honest visitors out, and every body the
 * server refuses still gets its HTTP answer before the connection closes.
 */
test.describe.configure({ mode: "serial" });

const IDLE_SECONDS = 3;
let server: Started;
let dataDir: string;
let port: number;

test.beforeAll(async () => {
  // As long as waitReady may wait (a loaded machine), not the 30 s of a test.
  test.setTimeout(90_000);
  dataDir = seededDataDir("solar-uploads-");
  port = freePortSync();
  server = startServer({
    PORT: String(port),
    DATA_DIR: dataDir,
    SITE_URL: `http://127.0.0.1:${port}`,
    // One proxy hop: X-Forwarded-For stands for the visitors' addresses.
    TRUST_PROXY: "1",
    UPLOAD_IDLE_SECONDS: String(IDLE_SECONDS),
    UPLOADS_PER_ADDRESS: "2",
    UPLOADS_AT_ONCE: "32",
  });
  await waitReady(server);
});

test.afterAll(async () => {
  server.child.kill("SIGTERM");
  await exited(server.child);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** What came back on a raw connection: the status line and the text, or nothing at all. */
type Answer = { status: number | null; text: string; error: string | null };

/**
 * Sends `head` and then `body` (each chunk in turn) on a raw socket and collects whatever the
 * server answers until it closes the connection. With `stall`, the body stops after the chunks
 * and the socket stays open, as a slow or stalled client's would.
 */
function rawRequest(head: string, body: Buffer[], options: { stall?: boolean } = {}): Promise<Answer> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    const received: Buffer[] = [];
    let error: string | null = null;
    const timer = setTimeout(() => socket.destroy(), 60_000);
    socket.on("data", (chunk) => received.push(chunk));
    socket.on("error", (e: NodeJS.ErrnoException) => {
      error = e.code ?? e.message;
    });
    socket.on("close", () => {
      clearTimeout(timer);
      const text = Buffer.concat(received).toString("latin1");
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text);
      resolve({ status: status ? Number(status[1]) : null, text, error });
    });
    // Never half-closed: real browsers keep their side open until the answer is in.
    socket.write(head);
    void (async () => {
      for (const chunk of body) {
        if (socket.destroyed) return;
        if (!socket.write(chunk)) {
          await drainedOrClosed(socket);
        }
      }
      if (options.stall) return;
    })();
  });
}

/** Until `socket` can take more, or is gone (listeners removed either way). */
function drainedOrClosed(socket: net.Socket): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      socket.off("drain", done);
      socket.off("close", done);
      resolve();
    };
    socket.once("drain", done);
    socket.once("close", done);
  });
}

/**
 * A client that sends its whole request before reading anything (simple HTTP clients do): the
 * answer it then reads, or null when the connection was reset under it first.
 */
function sendAllThenRead(head: string, chunks: Iterable<Buffer>): Promise<string | null> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.pause();
    const received: Buffer[] = [];
    let failed = false;
    const timer = setTimeout(() => socket.destroy(), 30_000);
    socket.on("error", () => {
      failed = true;
    });
    socket.on("data", (chunk) => received.push(chunk));
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(failed ? null : Buffer.concat(received).toString("latin1"));
    });
    void (async () => {
      socket.write(head);
      for (const chunk of chunks) {
        if (socket.destroyed) return;
        if (!socket.write(chunk)) {
          await drainedOrClosed(socket);
        }
      }
      socket.resume();
    })();
  });
}

const BOUNDARY = "----solarHardening";
const textPart = (name: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const fields = `${textPart("businessName", "Acme Farms")}${textPart("contactPerson", "Jo Smith")}${textPart("email", "jo@acme.example")}`;
const filePart = (filename: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`;

function postHead(pathName: string, headers: Record<string, string>) {
  return [
    `POST ${pathName} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    "",
    "",
  ].join("\r\n");
}

const chunked = (bytes: Buffer) =>
  Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from("\r\n")]);

test("32 stalled uploads from two addresses do not keep an honest visitor from sending a bill", async ({ page }) => {
  test.setTimeout(60_000);
  // 16 per address, each announcing 5 MB and then sending nothing after its first bytes.
  const stalled = Array.from({ length: 32 }, (_, i) =>
    rawRequest(
      postHead("/submit-bill", {
        "X-Forwarded-For": `198.51.100.${(i % 2) + 1}`,
        "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
        "Content-Length": "5000000",
      }),
      [Buffer.from(`${fields}${filePart("bill.pdf")}%PDF-1.4\n`)],
      { stall: true },
    ),
  );
  const answered: number[] = [];
  for (const answer of stalled) void answer.then((result) => answered.push(result.status ?? 0));
  // Beyond two per address they are told at once to wait for their own uploads.
  await expect.poll(() => answered.filter((status) => status === 429).length).toBe(28);

  // The two uploads each address may have are still being held: an honest visitor gets through.
  await page.goto(`http://127.0.0.1:${port}/submit-bill`);
  await page.getByLabel("Business Name").fill("Honest Dairy");
  await page.getByLabel("Contact Person").fill("Kim Lee");
  await page.getByLabel("Email Address").fill("kim@dairy.example");
  await page.getByLabel("Energy Bill").setInputFiles({
    name: "bill.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(200_000, 32)]),
  });
  await page.getByRole("button", { name: "Get My Free Assessment" }).click();
  await expect(page).toHaveURL(/\/thank-you$/);
  await expect(page.getByText("Assessment request submitted!")).toBeVisible();

  // The four held uploads are cut off once idle, each with an answer (408), none dropped.
  const results = await Promise.all(stalled);
  const statuses = results.map((result) => result.status).sort();
  expect(statuses).toEqual([...Array(4).fill(408), ...Array(28).fill(429)]);
  for (const result of results.filter((r) => r.status === 408)) {
    expect(result.text).toContain("Submission failed");
    // The form comes back as it was typed.
    expect(result.text).toContain('value="Acme Farms"');
  }
  const refused = results.find((result) => result.status === 429);
  expect(refused?.text).toContain("There was an error submitting your request:");
});

/**
 * A bill upload that announces 10 MB and then sends `bytesPerSecond` (every 100 ms), reading
 * what comes back, until the server closes or `stop` is called.
 */
function trickleUpload(serverPort: number, address: string, bytesPerSecond: number) {
  const socket = net.connect({ port: serverPort, host: "127.0.0.1", allowHalfOpen: true });
  let text = "";
  socket.on("data", (chunk) => {
    text += chunk.toString("latin1");
  });
  socket.on("error", () => {});
  const head = [
    "POST /submit-bill HTTP/1.1",
    `Host: 127.0.0.1:${serverPort}`,
    `X-Forwarded-For: ${address}`,
    `Content-Type: multipart/form-data; boundary=${BOUNDARY}`,
    "Content-Length: 10000000",
    "",
    `${fields}${filePart("bill.pdf")}%PDF-1.4\n`,
  ].join("\r\n");
  socket.write(head);
  const timer = setInterval(() => {
    if (!socket.destroyed) socket.write(Buffer.alloc(bytesPerSecond / 10, 32));
  }, 100);
  const closed = new Promise<string>((resolve) =>
    socket.on("close", () => {
      clearInterval(timer);
      resolve(text);
    }),
  );
  return { closed, answered: () => text, stop: () => socket.destroy() };
}

test("uploads trickling just above the minimum rate in every slot yield to honest ones (H1, decision 0020)", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const ownDir = seededDataDir("solar-uploads-fair-");
  const ownPort = freePortSync();
  const own = startServer({
    PORT: String(ownPort),
    DATA_DIR: ownDir,
    SITE_URL: `http://127.0.0.1:${ownPort}`,
    TRUST_PROXY: "1",
    UPLOADS_AT_ONCE: "4",
    UPLOADS_PER_ADDRESS: "2",
    UPLOAD_EVICT_AFTER_SECONDS: "2",
  });
  const attack: ReturnType<typeof trickleUpload>[] = [];
  try {
    await waitReady(own);
    // The review's attack, scaled to 4 slots: 2 addresses x 2 uploads at 2,300 B/s (the minimum
    // rate is 2,048), each announcing 10 MB.
    for (const address of ["198.51.100.1", "198.51.100.1", "198.51.100.2", "198.51.100.2"]) {
      attack.push(trickleUpload(ownPort, address, 2300));
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));

    // Three honest uploads at once, one from a browser: each gets a slot a slow upload gave up.
    const bill = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(200_000, 32)]);
    const posted = ["192.0.2.10", "192.0.2.11"].map((address, i) =>
      request.post(`http://127.0.0.1:${ownPort}/submit-bill`, {
        headers: { "X-Forwarded-For": address },
        multipart: {
          businessName: `Honest Farm ${i}`,
          contactPerson: "Kim Lee",
          email: `kim${i}@farm.example`,
          file: { name: "bill.pdf", mimeType: "application/pdf", buffer: bill },
        },
        maxRedirects: 0,
      }),
    );
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": "192.0.2.12" });
    await page.goto(`http://127.0.0.1:${ownPort}/submit-bill`);
    await page.getByLabel("Business Name").fill("Honest Dairy");
    await page.getByLabel("Contact Person").fill("Kim Lee");
    await page.getByLabel("Email Address").fill("kim@dairy.example");
    await page.getByLabel("Energy Bill").setInputFiles({ name: "bill.pdf", mimeType: "application/pdf", buffer: bill });
    const started = Date.now();
    await page.getByRole("button", { name: "Get My Free Assessment" }).click();
    await expect(page).toHaveURL(/\/thank-you$/, { timeout: 15_000 });
    await expect(page.getByText("Assessment request submitted!")).toBeVisible();
    for (const response of await Promise.all(posted)) expect(response.status()).toBe(302);
    // Well within the 20 s an upload waits for a slot.
    expect(Date.now() - started).toBeLessThan(10_000);

    // Slow uploads were cut for them, each with the spec's toast and the form as typed; at least one
    // goes on. How many were cut (1 to 3) depends on whether an honest upload had finished, freeing
    // its slot, before the next arrived: on a quiet machine they are quick, under load they overlap.
    const cut = () => attack.filter((upload) => upload.answered() !== "").length;
    await expect.poll(cut, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    expect(cut()).toBeLessThanOrEqual(3);
    for (const upload of attack.filter((u) => u.answered() !== "")) {
      const answer = upload.answered();
      expect(answer).toMatch(/^HTTP\/1\.1 503 /);
      expect(answer).toMatch(/\r\nRetry-After: \d+\r\n/i);
      expect(decodeHtml(answer)).toContain(
        "There was an error submitting your request: we are receiving many bills right now and yours was arriving too slowly to finish, please try again in a minute. Please try again.",
      );
      expect(answer).toContain('value="Acme Farms"');
    }
    for (const upload of attack) upload.stop();
    // Nothing of a cut upload is kept: the three honest bills only.
    const bills = path.join(ownDir, "uploads", "energy-bills");
    await expect.poll(() => fs.readdirSync(bills).filter((name) => !name.endsWith(".type")).length).toBe(3);
  } finally {
    for (const upload of attack) upload.stop();
    own.child.kill("SIGTERM");
    await exited(own.child);
    fs.rmSync(ownDir, { recursive: true, force: true });
  }
});

test("a chunked bill over the size limit gets its 413 page before the connection closes", async () => {
  const answer = await rawRequest(
    postHead("/submit-bill", {
      "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
      "Transfer-Encoding": "chunked",
    }),
    [
      chunked(Buffer.from(`${fields}${filePart("bill.pdf")}%PDF-1.4\n`)),
      // 12 MB, in 64 KB chunks, and never the closing boundary.
      ...Array.from({ length: 192 }, () => chunked(Buffer.alloc(64 * 1024, 32))),
      Buffer.from("0\r\n\r\n"),
    ],
  );
  expect(answer.status).toBe(413);
  expect(answer.text).toContain("File size exceeds 10MB limit.");
  expect(answer.text).toMatch(/Connection: close/i);
});

test("a chunked small form over its 64 KB limit gets its 413 before the connection closes", async () => {
  const answer = await rawRequest(
    postHead("/talk-to-solar-advisor", {
      "Content-Type": "application/x-www-form-urlencoded",
      "Transfer-Encoding": "chunked",
    }),
    [...Array.from({ length: 4 }, () => chunked(Buffer.alloc(64 * 1024, 97))), Buffer.from("0\r\n\r\n")],
  );
  expect(answer.status).toBe(413);
});

for (const [pathName, contentType, first] of [
  ["/submit-bill", `multipart/form-data; boundary=${BOUNDARY}`, `${fields}${filePart("bill.pdf")}%PDF-1.4\n`],
  ["/talk-to-solar-advisor", "application/x-www-form-urlencoded", "businessName="],
  ["/api/page-view", "application/json", '{"path":"'],
] as const) {
  test(`a client still sending a 50 MB chunked body to ${pathName} reads its 413 (L3)`, async () => {
    const MiB = 1024 * 1024;
    function* body() {
      yield chunked(Buffer.from(first));
      for (let sent = 0; sent < 50 * MiB; sent += 64 * 1024) yield chunked(Buffer.alloc(64 * 1024, 97));
      yield Buffer.from("0\r\n\r\n");
    }
    const answer = await sendAllThenRead(
      postHead(pathName, {
        "X-Forwarded-For": "203.0.113.50",
        "Content-Type": contentType,
        "Transfer-Encoding": "chunked",
      }),
      body(),
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toMatch(/\r\nConnection: close\r\n/i);
  });
}

for (const [label, part] of [
  ["a NUL in the file name", `${filePart("bi\0ll.pdf")}%PDF-1.4\n${" ".repeat(4000)}\r\n`],
  ["a CR/LF in the file name", `${filePart("bill\r\n.pdf")}%PDF-1.4\n${" ".repeat(4000)}\r\n`],
  [
    "a 200 KB part header",
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="x${"a".repeat(200_000)}"\r\n\r\nv\r\n`,
  ],
  ["a malformed part header", `--${BOUNDARY}\r\nthis is not a header\r\n\r\nv\r\n`],
] as const) {
  test(`a bill body with ${label} gets the 400 page, not a dropped connection`, async () => {
    const body = Buffer.from(`${fields}${part}--${BOUNDARY}--\r\n`);
    const answer = await rawRequest(
      postHead("/submit-bill", {
        "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
        "Content-Length": String(body.length),
      }),
      [body],
    );
    expect(answer.error).toBeNull();
    expect(answer.status).toBe(400);
    expect(answer.text).toContain("Submission failed");
    expect(answer.text).toContain("the form could not be read");
  });
}
