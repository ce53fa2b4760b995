import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerDns } from "../../../tests/fake-dns";
import { postWebhook, RefusedAddressError } from "./webhook-post.server";

describe("posting a webhook", () => {
  const received: string[] = [];
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      received.push(body);
      response.writeHead(request.url === "/redirect" ? 302 : 204, { location: "http://127.0.0.1:9/elsewhere" });
      response.end();
    });
  });
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const post = (url: string, allowInternal = false, timeoutMs = 2_000) =>
    postWebhook({ url, headers: { "content-type": "application/json" }, body: '{"a":1}', timeoutMs, allowInternal });

  it("posts to a relay on this machine only with private networks allowed; a redirect is an answer, not followed", async () => {
    await expect(post(`http://localhost:${port}/hook`)).rejects.toThrow(
      "Refused: localhost is a private or internal network address",
    );
    await expect(post(`https://127.0.0.1:${port}/hook`)).rejects.toBeInstanceOf(RefusedAddressError);
    expect(received).toEqual([]);
    expect(await post(`http://localhost:${port}/hook`, true)).toBe(204);
    expect(await post(`http://127.0.0.1:${port}/redirect`, true)).toBe(302);
    expect(received).toEqual(['{"a":1}', '{"a":1}']);
  });

  it("refuses http anywhere but this machine, and a 'localhost' that resolves elsewhere", async () => {
    await expect(post("http://crm.example/hook", true)).rejects.toBeInstanceOf(RefusedAddressError);
    const lookup = answerDns("localhost", "203.0.113.9");
    try {
      // Even with private networks allowed: http never leaves this machine.
      await expect(post(`http://localhost:${port}/hook`, true)).rejects.toThrow(
        "Refused: localhost resolves to a private or internal network address",
      );
    } finally {
      lookup.mockRestore();
    }
  });

  it("refuses an internal address at once, and only tries it when private networks are allowed", async () => {
    await expect(post("https://10.255.255.1/hook")).rejects.toThrow(
      "Refused: 10.255.255.1 is a private or internal network address",
    );
    await expect(post("https://[fd00::1]/hook")).rejects.toBeInstanceOf(RefusedAddressError);
    // Allowed: a connection is attempted (no route or no answer here), not refused.
    const attempt = await post("https://10.255.255.1/hook", true, 300).catch((error: unknown) => error);
    expect(attempt).toBeInstanceOf(Error);
    expect(attempt).not.toBeInstanceOf(RefusedAddressError);
  });
});
