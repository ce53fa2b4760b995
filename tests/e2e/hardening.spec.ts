import fs from "node:fs";
import net from "node:net";
import { freePortSync } from "../free-port";
import { expect, test } from "./fixtures";
import { exited, seededDataDir, startServer, waitReady } from "./spawn-server";

/**
 * One test per finding of the November 2026 security review that the request path answers for
 * (`../shared/reviews/security-reliability-2026-11.md`); each failed on commit e9625ca.
 */

/** A raw HTTP exchange: what the server sends back before closing, even for a refused body. */
function rawExchange(port: number, request: string | Buffer[], timeoutMs = 10_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk.toString("latin1");
    });
    socket.on("error", (error) => (answer ? resolve(answer) : reject(error)));
    socket.on("close", () => resolve(answer));
    socket.setTimeout(timeoutMs, () => {
      socket.destroy();
      resolve(answer);
    });
    socket.on("connect", async () => {
      for (const part of typeof request === "string" ? [Buffer.from(request, "latin1")] : request) {
        if (socket.destroyed) return;
        socket.write(part);
        await new Promise((r) => setTimeout(r, 5));
      }
    });
  });
}

const basePort = () => Number(new URL(test.info().project.use.baseURL as string).port);

test("M1: a NUL in a name gives the field's message, the typed values stay and nothing fails", async ({
  page,
  request,
}) => {
  const response = await request.post("/talk-to-solar-advisor", {
    form: { name: "Jo\u0000hn", email: "jo@example.com", question: "Do we qualify?" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(400);
  const html = await response.text();
  expect(html).toContain("Name contains characters that are not allowed. Please retype it.");
  expect(html).toContain("Do we qualify?");

  // And as a visitor sees it: the field's message next to the field.
  await page.goto("/talk-to-solar-advisor");
  await page.getByLabel("Full Name").fill("Acme\u202Eevil");
  await page.getByLabel("Email Address").fill("jo@example.com");
  await page.getByRole("button", { name: "Request My Free Consultation" }).click();
  await expect(
    page.getByText("Name contains characters that are not allowed. Please retype it.").first(),
  ).toBeVisible();
});

test("L7: impossible e-mail addresses are refused with the spec's message on every form", async ({ request }) => {
  for (const email of ["a@b..co", ".a@-b.co", `${"a".repeat(65)}@b.co`]) {
    const consultation = await request.post("/talk-to-solar-advisor", {
      form: { name: "Jo", email },
      maxRedirects: 0,
    });
    expect(consultation.status(), email).toBe(400);
    expect(await consultation.text()).toContain("Please enter a valid email address.");
    const guide = await request.post("/?index", {
      form: { name: "Jo Smith", email, industryType: "agriculture" },
      maxRedirects: 0,
    });
    expect(guide.status(), email).toBe(400);
    expect(await guide.text()).toContain("Please enter a valid email address.");
  }
});

test("L1: a body that is not a form gets a 400 page with the form, never a 500", async ({ request }) => {
  for (const [type, body] of [
    ["text/plain", "name=Jo&email=jo@example.com"],
    ["application/json", '{"name":"Jo","email":"jo@example.com"}'],
    ["multipart/form-data; boundary=zzz", "--yyy\r\nfoo\r\n"],
  ]) {
    const response = await request.post("/talk-to-solar-advisor", {
      headers: { "content-type": type as string },
      data: body,
      maxRedirects: 0,
    });
    expect(response.status(), type).toBe(400);
    const html = await response.text();
    expect(html).toContain('name="email"');
    expect(html).toContain("Please fill out name and email fields.");
  }
  const calculator = await request.post("/solar-calculator", {
    headers: { "content-type": "text/plain" },
    data: "monthlyBill=100",
    maxRedirects: 0,
  });
  expect(calculator.status()).toBe(400);
  expect(await calculator.text()).toContain("Monthly energy bill is required.");
});

test("L10: the calculator's answers to a post are private", async ({ request }) => {
  const invalid = await request.post("/solar-calculator", { form: { monthlyBill: "", state: "" } });
  expect(invalid.status()).toBe(400);
  expect(invalid.headers()["cache-control"]).toBe("private, no-store");
  const valid = await request.post("/solar-calculator", { form: { monthlyBill: "1500", state: "CA" } });
  expect(valid.headers()["cache-control"]).toBe("private, no-store");
});

test("L2: TRACE and other foreign methods get 405, an absolute-form target 400", async () => {
  const port = basePort();
  for (const method of ["TRACE", "TRACK", "PUT", "DELETE", "PROPFIND"]) {
    const answer = await rawExchange(
      port,
      `${method} /talk-to-solar-advisor HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`,
    );
    expect(answer.split("\r\n")[0], method).toMatch(/^HTTP\/1\.1 (405|400)/);
  }
  const absolute = await rawExchange(
    port,
    `GET http://evil.example/incentives HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`,
  );
  expect(absolute.split("\r\n")[0]).toMatch(/^HTTP\/1\.1 400/);
});

test("L3: an over-limit chunked body on a small form gets its 413 answer before the connection closes", async () => {
  const port = basePort();
  const chunk = `${(16 * 1024).toString(16)}\r\n${"a".repeat(16 * 1024)}\r\n`;
  const parts = [
    Buffer.from(
      `POST /talk-to-solar-advisor HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n`,
    ),
    ...Array.from({ length: 8 }, () => Buffer.from(chunk)),
    Buffer.from("0\r\n\r\n"),
  ];
  const answer = await rawExchange(port, parts);
  expect(answer.split("\r\n")[0]).toMatch(/^HTTP\/1\.1 413/);
});

test("M4 and logs: behind a TLS proxy our own https pages post; a mismatch is reported at start-up; JSON logs with request ids, no forged lines", async ({
  request,
}) => {
  test.setTimeout(60_000);
  const dataDir = seededDataDir("solar-hardening-");
  const port = String(freePortSync());
  const server = startServer({
    PORT: port,
    DATA_DIR: dataDir,
    SITE_URL: "https://solar.example",
    LOG_REQUESTS: "true",
  });
  try {
    await waitReady(server);
    expect(server.output()).toContain("SITE_URL is https but TRUST_PROXY=0");
    const base = `http://127.0.0.1:${port}`;
    // What a TLS-terminating proxy forwards: plain http, the public Host, the browser's Origin.
    const proxied = await request.post(`${base}/talk-to-solar-advisor`, {
      headers: { host: "solar.example", origin: "https://solar.example" },
      form: { name: "Jo Proxy", email: "jo@example.com" },
      maxRedirects: 0,
    });
    expect(proxied.status()).toBe(302);
    expect(proxied.headers().location).toBe("/thank-you");
    expect(proxied.headers()["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    // A foreign site is still refused.
    const foreign = await request.post(`${base}/talk-to-solar-advisor`, {
      headers: { host: "solar.example", origin: "https://evil.example" },
      form: { name: "Jo", email: "jo@example.com" },
      maxRedirects: 0,
    });
    expect(foreign.status()).toBe(400);

    // Log forging (L8): a honeypot hit with a crafted e-mail value stays inside one JSON line.
    await request.post(`${base}/talk-to-solar-advisor`, {
      headers: { host: "solar.example" },
      form: {
        name: "x",
        hp_zx7: "1",
        email: "a@b.co)\n127.0.0.1 - POST /admin/leads HTTP/1.1 200 - - 1.0 ms\nforged",
      },
      maxRedirects: 0,
    });
    await expect.poll(() => server.output()).toContain("Honeypot filled");
    const lines = server.output().trim().split("\n");
    expect(lines.filter((line) => line.startsWith("127.0.0.1 - POST"))).toEqual([]);
    expect(server.output()).not.toContain("a@b.co)");
    const json = lines.filter((line) => line.startsWith("{")).map((line) => JSON.parse(line));
    const access = json.filter((entry) => entry.msg === "request completed");
    expect(access.length).toBeGreaterThan(0);
    for (const entry of access) expect(entry.reqId).toMatch(/^[0-9a-f-]{36}$/);
    // A line the app writes while handling a request carries that request's id too.
    const honeypot = json.find((entry) => entry.msg === "Honeypot filled: submission dropped");
    expect(honeypot?.reqId).toMatch(/^[0-9a-f-]{36}$/);
    // Its access line is written when the response has gone, possibly just after this read.
    await expect
      .poll(() =>
        server
          .output()
          .split("\n")
          .filter((line) => line.startsWith("{"))
          .map((line) => JSON.parse(line))
          .filter((entry) => entry.msg === "request completed")
          .map((entry) => entry.reqId),
      )
      .toContain(honeypot?.reqId);
  } finally {
    server.child.kill("SIGTERM");
    await exited(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test("a refused post tells the browser when to try again (Retry-After reaches the response)", async ({ request }) => {
  test.setTimeout(60_000);
  const dataDir = seededDataDir("solar-hardening-");
  const port = String(freePortSync());
  const server = startServer({
    PORT: port,
    DATA_DIR: dataDir,
    SITE_URL: `http://localhost:${port}`,
    FORM_RATE_LIMIT: "2",
  });
  try {
    await waitReady(server);
    const post = () =>
      request.post(`http://127.0.0.1:${port}/talk-to-solar-advisor`, {
        form: { name: "Jo Limit", email: "jo@example.com" },
        maxRedirects: 0,
      });
    expect((await post()).status()).toBe(302);
    expect((await post()).status()).toBe(302);
    const refused = await post();
    expect(refused.status()).toBe(429);
    expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
    expect(await refused.text()).toContain("Too many submissions from your network in a short time.");
  } finally {
    server.child.kill("SIGTERM");
    await exited(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
