import http from "node:http";
import net, { type AddressInfo } from "node:net";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { afterEach, describe, expect, it } from "vitest";
import { requestBodyStream } from "./request-body";

const MiB = 1024 * 1024;

async function refusingServer(lingerMs?: number) {
  const server = http.createServer(async (req, res) => {
    const body = requestBodyStream(req as ExpressRequest, res as unknown as ExpressResponse, { lingerMs });
    const reader = body.getReader();
    let read = 0;
    while (read < 64 * 1024) {
      const { done, value } = await reader.read();
      if (done) break;
      read += value.byteLength;
    }
    await reader.cancel();
    res.statusCode = 413;
    res.setHeader("Content-Type", "text/plain");
    res.end("Payload Too Large");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

/** Keeps sending after the answer has come, as many clients do. */
function postChunked(port: number, bytes: number): Promise<{ status: number | null; error: string | null }> {
  return new Promise((resolve) => {
    const request = http.request({ host: "127.0.0.1", port, method: "POST", path: "/", agent: false });
    let status: number | null = null;
    let error: string | null = null;
    request.on("response", (response) => {
      status = response.statusCode ?? null;
      response.resume();
    });
    request.on("error", (e: NodeJS.ErrnoException) => {
      error = e.code ?? e.message;
    });
    request.on("close", () => resolve({ status, error }));
    const chunk = Buffer.alloc(64 * 1024, 97);
    void (async () => {
      for (let sent = 0; sent < bytes && !request.destroyed; sent += chunk.length) {
        if (!request.write(chunk)) {
          await new Promise((done) => {
            request.once("drain", done);
            request.once("close", done);
          });
        }
      }
      if (!request.destroyed) request.end();
    })();
  });
}

let running: http.Server | undefined;
afterEach(async () => {
  running?.closeAllConnections();
  await new Promise((resolve) => running?.close(resolve));
  running = undefined;
});

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

/** Sends the whole request before reading anything, as simple clients do. */
function sendAllThenRead(port: number, bytes: number): Promise<string | null> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.pause();
    const received: Buffer[] = [];
    let failed = false;
    socket.on("error", () => {
      failed = true;
    });
    socket.on("data", (chunk) => received.push(chunk));
    socket.on("close", () => resolve(failed ? null : Buffer.concat(received).toString("latin1")));
    const chunk = Buffer.concat([Buffer.from(`10000\r\n`), Buffer.alloc(64 * 1024, 97), Buffer.from("\r\n")]);
    void (async () => {
      socket.write(`POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n`);
      for (let sent = 0; sent < bytes && !socket.destroyed; sent += 64 * 1024) {
        if (!socket.write(chunk)) {
          await drainedOrClosed(socket);
        }
      }
      if (socket.destroyed) return;
      socket.write("0\r\n\r\n");
      socket.resume();
    })();
  });
}

describe("a refused body", () => {
  it("gets its answer while the client is still sending 50 MB: the rest is discarded before closing", async () => {
    const { server, port } = await refusingServer();
    running = server;
    for (let i = 0; i < 3; i++) expect(await postChunked(port, 50 * MiB)).toEqual({ status: 413, error: null });
    expect(await sendAllThenRead(port, 50 * MiB)).toMatch(/^HTTP\/1\.1 413 .*Connection: close.*Payload Too Large$/s);
  });

  it("is discarded for a bounded time only: a client that never stops is cut off after the linger", async () => {
    const { server, port } = await refusingServer(300);
    running = server;
    // Half-open: our end of the answer does not stop it sending.
    const socket = net.connect({ port, host: "127.0.0.1", allowHalfOpen: true });
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk.toString("latin1");
    });
    socket.on("error", () => {});
    const closed = new Promise((resolve) => socket.on("close", resolve));
    const started = Date.now();
    socket.write(`POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n`);
    const chunk = Buffer.concat([Buffer.from(`10000\r\n`), Buffer.alloc(64 * 1024, 97), Buffer.from("\r\n")]);
    while (!socket.destroyed && Date.now() - started < 10_000) {
      if (!socket.write(chunk)) {
        await drainedOrClosed(socket);
      }
    }
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
