import { describe, expect, it } from "vitest";
import { staffMailProblems } from "./mail-setup.server";

describe("staff mail set-up", () => {
  it("names the settings under which no one is told of a new lead", () => {
    const from = "Commercial Solar Advisors <leads@solar.example>";
    expect(staffMailProblems({ SMTP_URL: undefined, NOTIFY_EMAIL: "leads@localhost", MAIL_FROM: from })).toEqual([
      "SMTP_URL is not set: e-mail is written to files on the server, not sent, so staff are not told of new leads",
      "NOTIFY_EMAIL is leads@localhost: staff notifications of new leads go to no one's inbox",
    ]);
    expect(
      staffMailProblems({
        SMTP_URL: "smtp://relay:587",
        NOTIFY_EMAIL: "sales@farm.example, ops@LOCALHOST",
        MAIL_FROM: from,
      }),
    ).toEqual(["NOTIFY_EMAIL is ops@LOCALHOST: staff notifications of new leads go to no one's inbox"]);
    expect(
      staffMailProblems({ SMTP_URL: "smtp://relay:587", NOTIFY_EMAIL: "sales@farm.example", MAIL_FROM: from }),
    ).toEqual([]);
    expect(
      staffMailProblems({
        SMTP_URL: "smtp://relay:587",
        NOTIFY_EMAIL: "sales@farm.example",
        MAIL_FROM: "Commercial Solar Advisors <no-reply@localhost>",
      }),
    ).toEqual([
      "MAIL_FROM is Commercial Solar Advisors <no-reply@localhost>: mail servers refuse a sender at localhost, so mail may never leave",
    ]);
  });
});
