import type { ErrorEvent } from "@sentry/node";
import { describe, expect, it } from "vitest";
import { scrubBreadcrumb, scrubEvent, scrubText, scrubUrl } from "./error-scrub.server";

const EMAIL = "jo.example+leads@acme-farms.com";
const NAME = "Jo Example";

describe("scrubText", () => {
  it("cuts e-mail addresses and US phone numbers as people type them", () => {
    for (const phone of ["555-867-5309", "(555) 867-5309", "+1 555.867.5309", "5558675309", "1-555-867-5309"]) {
      expect(scrubText(`call ${phone} or write ${EMAIL}`)).toBe("call [phone] or write [email]");
    }
  });

  it("drops the values Drizzle appends to a failed query", () => {
    const message = `Failed query: insert into "leads" ("name", "email") values ($1, $2)\nparams: ${NAME},${EMAIL}`;
    expect(scrubText(message)).toBe('Failed query: insert into "leads" ("name", "email") values ($1, $2)');
  });

  it("leaves ordinary text, ids, dates and long numbers alone", () => {
    const text = "Job 1234 failed at 2026-11-29T10:00:00Z after 1764410000000 ms (port 5432)";
    expect(scrubText(text)).toBe(text);
  });
});

describe("scrubUrl", () => {
  it("keeps the path, never the query or fragment", () => {
    expect(scrubUrl(`https://site.example/unsubscribe?e=${EMAIL}&t=abc#x`)).toBe("https://site.example/unsubscribe");
  });
});

describe("scrubEvent", () => {
  const event = (): ErrorEvent => ({
    type: undefined,
    message: `Lead from ${EMAIL} failed`,
    user: { email: EMAIL, username: NAME, ip_address: "203.0.113.9" },
    request: {
      method: "POST",
      url: `https://site.example/talk-to-solar-advisor?email=${EMAIL}`,
      data: { contactPerson: NAME, email: EMAIL, phone: "555-867-5309" },
      cookies: { "__Secure-better-auth.session_token": "secret" },
      query_string: `email=${EMAIL}`,
      headers: { Cookie: "sa_flash=1", "Content-Type": "text/html", "User-Agent": "x", Referer: `/?n=${NAME}` },
      env: { REMOTE_ADDR: "203.0.113.9" },
    },
    exception: {
      values: [
        {
          type: "Error",
          value: `duplicate ${EMAIL}\nparams: ${NAME}`,
          stacktrace: { frames: [{ function: "insertLead", vars: { name: NAME } }] },
        },
      ],
    },
    extra: { contactName: NAME, form: { email: EMAIL }, note: `phone 555 867 5309`, attempts: 3 },
    tags: { route: "/talk-to-solar-advisor", job: `sent to ${EMAIL}` },
    breadcrumbs: [{ message: `mail to ${EMAIL}`, data: { url: `/admin/leads?q=${NAME}`, body: NAME } }],
  });

  it("leaves no e-mail address, name, phone number, cookie or query in the event", () => {
    const scrubbed = JSON.stringify(scrubEvent(event()));
    for (const personal of [EMAIL, NAME, "Jo", "867", "secret", "sa_flash", "203.0.113.9", "?"]) {
      expect(scrubbed).not.toContain(personal);
    }
  });

  it("keeps what a reader needs: error type, route and job tags, method and path, safe headers", () => {
    const scrubbed = scrubEvent(event());
    expect(scrubbed.exception?.values?.[0]).toMatchObject({ type: "Error", value: "duplicate [email]" });
    expect(scrubbed.exception?.values?.[0]?.stacktrace?.frames?.[0]).toEqual({ function: "insertLead" });
    expect(scrubbed.tags).toEqual({ route: "/talk-to-solar-advisor", job: "sent to [email]" });
    expect(scrubbed.request).toEqual({
      method: "POST",
      url: "https://site.example/talk-to-solar-advisor",
      headers: { "Content-Type": "text/html" },
    });
    expect(scrubbed.extra).toEqual({
      contactName: "[removed]",
      form: "[removed]",
      note: "phone [phone]",
      attempts: 3,
    });
    expect(scrubbed.user).toBeUndefined();
  });
});

describe("scrubBreadcrumb", () => {
  it("scrubs the message, removes personal data keys and the URL's query", () => {
    expect(
      scrubBreadcrumb({
        message: `to ${EMAIL}`,
        data: { url: `/admin/leads?q=${EMAIL}`, status_code: 500, email: EMAIL },
      }),
    ).toEqual({ message: "to [email]", data: { url: "/admin/leads", status_code: 500, email: "[removed]" } });
  });
});
