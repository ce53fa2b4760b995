import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { handleError } from "./entry.server";
import { log } from "./server/log.server";

afterEach(() => vi.restoreAllMocks());

describe("handleError", () => {
  const args = (method: string) => ({
    request: new Request("http://localhost/healthz", { method }),
    params: {},
    context: new RouterContextProvider(),
  });

  it("notes a refusal the router answers itself (405) at info, not as an error", () => {
    const error = vi.spyOn(log, "error").mockImplementation(() => undefined);
    const info = vi.spyOn(log, "info").mockImplementation(() => undefined);
    const refusal = { status: 405, statusText: "Method Not Allowed", internal: true, data: "" };
    handleError(refusal, args("POST") as never);
    expect(error).not.toHaveBeenCalled();
    expect(info).toHaveBeenCalledWith({ status: 405, method: "POST", path: "/healthz" }, "Request refused");
  });

  it("logs a real fault as an error with its message", () => {
    const error = vi.spyOn(log, "error").mockImplementation(() => undefined);
    handleError(new Error("database gone"), args("GET") as never);
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.objectContaining({ message: "database gone" }), path: "/healthz" }),
      "Unhandled error while handling a request",
    );
  });
});
