import { describe, expect, it } from "vitest";
import { errorFields, loggedUrl, maskEmail } from "./log.server";

describe("what logs may hold", () => {
  it("hides the token of a reset or invitation link in the access log's URL", () => {
    expect(loggedUrl("/accept-invitation?token=AbC_123-xyz")).toBe("/accept-invitation?token=[hidden]");
    expect(loggedUrl("/reset-password?a=1&token=secret#x")).toBe("/reset-password?a=1&token=[hidden]#x");
    expect(loggedUrl("/incentives?q=solar")).toBe("/incentives?q=solar");
  });

  it("keeps no calculator inputs (a business's bill) in the access log", () => {
    expect(loggedUrl("/solar-calculator?monthlyBill=2500&state=TX")).toBe("/solar-calculator?[inputs hidden]");
    expect(loggedUrl("/submit-bill?estimate=monthlyBill%3D2500")).toBe("/submit-bill?[inputs hidden]");
    expect(loggedUrl("/talk-to-solar-advisor?estimate=monthlyBill%3D2500")).toBe(
      "/talk-to-solar-advisor?[inputs hidden]",
    );
    expect(loggedUrl("/solar-calculator")).toBe("/solar-calculator");
    // However the router is asked: its data requests, another case, a trailing slash.
    expect(loggedUrl("/solar-calculator.data?monthlyBill=7777&state=CA")).toBe(
      "/solar-calculator.data?[inputs hidden]",
    );
    expect(loggedUrl("/SOLAR-CALCULATOR?monthlyBill=7777")).toBe("/SOLAR-CALCULATOR?[inputs hidden]");
    expect(loggedUrl("/Submit-Bill/?estimate=x")).toBe("/Submit-Bill/?[inputs hidden]");
    expect(loggedUrl("/submit-bill.data?estimate=x")).toBe("/submit-bill.data?[inputs hidden]");
  });

  it("keeps no unsubscribe address and no staff search (names, e-mail addresses) in the access log", () => {
    expect(loggedUrl("/unsubscribe?e=dmljdGltQHZpY3RpbWNvcnAuY29t&t=deU1")).toBe("/unsubscribe?[hidden]");
    expect(loggedUrl("/unsubscribe.data?e=dmljdGlt&t=x")).toBe("/unsubscribe.data?[hidden]");
    expect(loggedUrl("/admin/leads.data?q=victim%40victimcorp.com")).toBe("/admin/leads.data?[hidden]");
    expect(loggedUrl("/admin/leads/export.csv?q=vic%40bakery.com")).toBe("/admin/leads/export.csv?[hidden]");
    expect(loggedUrl("/ADMIN/leads?q=victoria%20victim")).toBe("/ADMIN/leads?[hidden]");
    expect(loggedUrl("/admin/leads/bill/8c1e")).toBe("/admin/leads/bill/8c1e");
    expect(loggedUrl("/administrator?q=x")).toBe("/administrator?q=x");
    // Signed out, a staff page sends its address to sign-in.
    expect(loggedUrl("/login?redirectTo=%2Fadmin%2Fleads%3Fq%3Djo%2540bakery.example")).toBe("/login?[hidden]");
    expect(loggedUrl("/login/two-factor?redirectTo=%2Fadmin%2Fleads%3Fq%3Djo")).toBe("/login/two-factor?[hidden]");
  });

  it("masks e-mail addresses", () => {
    expect(maskEmail("jo.smith@example.com")).toBe("j…@example.com");
    expect(maskEmail("no address")).toBe("[not an address]");
    expect(maskEmail(undefined)).toBe("");
  });

  it("names a thrown value that is not an Error by its status or its fields, never '[object Object]' nor its values", () => {
    expect(errorFields({ status: 405, statusText: "Method Not Allowed", internal: true, data: "x" }).err.message).toBe(
      "status 405 Method Not Allowed",
    );
    const thrown = errorFields({ email: "jo@example.com", name: "Jo" }).err.message;
    expect(thrown).toBe("Object with email, name");
    expect(errorFields("plain").err.message).toBe("plain");
  });

  it("keeps a database error's cause but never the query's values", () => {
    const cause = new Error('invalid byte sequence for encoding "UTF8": 0x00');
    const error = new Error(
      'Failed query: insert into "leads" ("name","email") values ($1, $2)\nparams: Jo\u0000hn,jo@example.com',
      { cause },
    );
    const { err } = errorFields(error);
    expect(err.message).toContain("Failed query");
    expect(err.message).toContain("invalid byte sequence");
    expect(err.message).not.toContain("jo@example.com");
    expect(err.message).not.toContain("params");
    // The stack repeats the message: only its frames are kept.
    expect(err.stack).toMatch(/^\s+at /);
    expect(err.stack).not.toContain("params");
    expect(err.stack).not.toContain("\u0000");
  });
});
