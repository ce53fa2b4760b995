import { describe, expect, it } from "vitest";
import { LEAD_EMAIL_TEMPLATES } from "~/content/lead-email-templates";
import { filledTemplate, fillTemplate, senderName, writerValues } from "./lead-email";

const lead = { name: "Lou", business: "Lou's Dairy", firm: "Commercial Solar Advisors" };

describe("the writer in a lead e-mail", () => {
  it("closes the built-in templates with the signature, or the display name when there is none", () => {
    const signed = filledTemplate("first-reply", { ...lead, ...writerValues("Alex Rivera", "Alex Rivera\nAdvisor") });
    expect(signed?.body).toMatch(/\n\nBest regards,\nAlex Rivera\nAdvisor$/);
    const unsigned = filledTemplate("first-reply", { ...lead, ...writerValues("Alex Rivera", null) });
    expect(unsigned?.body).toMatch(/\n\nBest regards,\nAlex Rivera$/);
    for (const template of LEAD_EMAIL_TEMPLATES) expect(template.body).toMatch(/Best regards,\n\{\{signature\}\}$/);
  });

  it("still fills {{me}} with the display name in a template the team wrote before signatures", () => {
    const values = { ...lead, ...writerValues("Alex Rivera", "Alex Rivera\nAdvisor") };
    expect(fillTemplate("Thanks,\n{{me}} of {{firm}}", values)).toBe(
      "Thanks,\nAlex Rivera of Commercial Solar Advisors",
    );
  });

  it("names the sender with the firm", () => {
    expect(senderName("Alex Rivera", lead.firm)).toBe("Alex Rivera at Commercial Solar Advisors");
  });
});
