import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { attributionFrom, clientIp, honeypotFilled, readSmallForm } from "./forms.server";
import { log } from "./log.server";
import { requestContext } from "./request-context.server";

describe("clientIp", () => {
  it("keeps IPv4 addresses, also IPv4-mapped ones", () => {
    expect(clientIp(requestContext("203.0.113.9"))).toBe("203.0.113.9");
    expect(clientIp(requestContext("::ffff:203.0.113.9"))).toBe("203.0.113.9");
  });
  it("counts IPv6 visitors by their /64", () => {
    expect(clientIp(requestContext("2001:db8:1:2:aaaa:bbbb:cccc:dddd"))).toBe("2001:db8:1:2::/64");
    expect(clientIp(requestContext("2001:db8:1:2::1"))).toBe("2001:db8:1:2::/64");
    expect(clientIp(requestContext("2001:0db8::7"))).toBe("2001:db8:0:0::/64");
    expect(clientIp(requestContext("::1"))).toBe("0:0:0:0::/64");
  });
  it("refuses a request without an address rather than sharing one bucket", () => {
    expect(() => requestContext("")).toThrow(/address/);
    expect(() => clientIp(new RouterContextProvider())).toThrow();
  });
});

describe("readSmallForm", () => {
  const post = (body: BodyInit, contentType?: string) =>
    new Request("http://localhost/talk-to-solar-advisor", {
      method: "POST",
      body,
      headers: contentType ? { "content-type": contentType } : {},
    });

  it("reads urlencoded and multipart forms, the first of duplicated fields counting", async () => {
    expect(await readSmallForm(post("name=Jo&name=Al&email=a%40b.co", "application/x-www-form-urlencoded"))).toEqual({
      name: "Jo",
      email: "a@b.co",
    });
    const form = new FormData();
    form.append("name", "Jo");
    expect(await readSmallForm(new Request("http://localhost/x", { method: "POST", body: form }))).toEqual({
      name: "Jo",
    });
  });

  it("reads a body that is not a form as no fields instead of failing", async () => {
    const info = vi.spyOn(log, "info").mockImplementation(() => {});
    for (const type of ["text/plain", "application/json", "application/xml", undefined, ""]) {
      expect(await readSmallForm(post('{"name":"Jo","email":"jo@example.com"}', type))).toEqual({});
    }
    expect(await readSmallForm(post("--yyy\r\nfoo\r\n", "multipart/form-data; boundary=zzz"))).toEqual({});
    expect(await readSmallForm(post("--yyy\r\nfoo\r\n", "multipart/form-data"))).toEqual({});
    info.mockRestore();
  });

  it("refuses a body over the limit with 413, declared or streamed", async () => {
    const big = "a=".concat("x".repeat(70_000));
    await expect(readSmallForm(post(big, "application/x-www-form-urlencoded"))).rejects.toMatchObject({
      init: { status: 413 },
    });
  });
});

describe("what is stored and logged of a submission", () => {
  it("removes control characters from attribution values", () => {
    const request = new Request("http://localhost/x", {
      method: "POST",
      headers: { referer: "http://localhost/?utm_source=a%00b" },
    });
    const attribution = attributionFrom(
      { utm_campaign: "spring\u0000\u202E", referrer: "https://ex.com/\u0000" },
      request,
    );
    expect(attribution.utmCampaign).toBe("spring");
    expect(attribution.utmSource).toBe("ab");
    expect(attribution.referrer).toBe("https://ex.com/");
    expect(attribution.sourcePage).toBe("/?utm_source=a%00b");
  });

  it("logs a filled honeypot with a masked address only, as one JSON value (no forged lines)", () => {
    const info = vi.spyOn(log, "info").mockImplementation(() => {});
    const forged = "a@b.co)\n127.0.0.1 - POST /admin/leads HTTP/1.1 200 - - 1.0 ms\nforged";
    expect(honeypotFilled({ hp_zx7: "1", email: forged })).toBe(true);
    expect(info).toHaveBeenCalledTimes(1);
    const [fields] = info.mock.calls[0] as unknown as [{ email: string }];
    expect(fields.email).not.toContain("a@b.co)");
    expect(fields.email.startsWith("a…@")).toBe(true);
    info.mockRestore();
  });
});
