import { describe, expect, it } from "vitest";
import { flashToastHeaders, takeFlashToast } from "./flash.server";

const requestWith = (cookie: string) => new Request("http://localhost/thank-you", { headers: { Cookie: cookie } });

describe("flash toasts", () => {
  it("carry a toast to the next request once, then clear it", async () => {
    const setCookie = (await flashToastHeaders({ title: "Success!", description: "Sent.", variant: "success" })).get(
      "Set-Cookie",
    );
    const cookie = setCookie?.split(";")[0] ?? "";
    const taken = await takeFlashToast(requestWith(cookie));
    expect(taken.toast).toEqual({ title: "Success!", description: "Sent.", variant: "success" });
    expect(new Headers(taken.headers).get("Set-Cookie")).toMatch(/sa_flash=;.*Max-Age=0/);
  });

  it("ignore a cookie that was not signed by this server", async () => {
    const forged = Buffer.from(JSON.stringify({ title: "Call 555-SCAM now" })).toString("base64");
    const taken = await takeFlashToast(requestWith(`sa_flash=${encodeURIComponent(forged)}`));
    expect(taken.toast).toBeNull();
  });

  it("need no work when there is no flash cookie", async () => {
    expect(await takeFlashToast(requestWith("_ga=1"))).toEqual({ toast: null });
  });
});
