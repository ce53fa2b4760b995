import { createServer } from "node:http";
import { describe, expect, it } from "vitest";
import { applyServerLimits } from "./server-limits";

describe("server limits", () => {
  it("replace Node's defaults: headers in 20 s, a request in 5 min, keep-alive 5 s, 4,000 connections", () => {
    const server = createServer();
    applyServerLimits(server);
    expect(server.headersTimeout).toBe(20_000);
    expect(server.requestTimeout).toBe(300_000);
    expect(server.keepAliveTimeout).toBe(5_000);
    expect(server.maxConnections).toBe(4_000);
  });
});
