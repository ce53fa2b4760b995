import { describe, expect, it } from "vitest";
import { builtInBusinessDetails } from "~/content/business";
import { businessDetailsSchema, businessMessages, placeholderFields } from "./business-details";
import { formatPhone, telHref } from "./tel-href";

const real = {
  email: "hello@sunvalleyadvisors.com",
  phone: "(602) 555-2143",
  address: "2 N Central Ave, Phoenix, AZ 85004",
  bookingUrl: "https://calendly.com/sunvalley/consultation",
  marketplaceDisclosure: "We are paid by installers for qualified introductions; our advice is free to you.",
  replyHours: 48,
};

describe("business details", () => {
  it("names every built-in placeholder, and none of a real firm's details", () => {
    expect(placeholderFields(builtInBusinessDetails)).toEqual(["email", "phone", "address", "bookingUrl"]);
    expect(placeholderFields(real)).toEqual([]);
    expect(placeholderFields({ ...real, phone: "602-555-0142" })).toEqual(["phone"]);
    expect(placeholderFields({ ...real, email: "sales@firm.test" })).toEqual(["email"]);
  });

  it("refuses what a visitor could not use, each field with its message", () => {
    expect(businessDetailsSchema.safeParse(real).success).toBe(true);
    const bad = businessDetailsSchema.safeParse({
      email: "not an address",
      phone: "12",
      address: " ",
      bookingUrl: "https://calendly.com/",
      marketplaceDisclosure: "",
      replyHours: "a day",
    });
    expect(bad.success).toBe(false);
    const messages = Object.fromEntries((bad.error?.issues ?? []).map((issue) => [issue.path[0], issue.message]));
    expect(messages).toEqual(businessMessages);
  });

  it("promises a reply time only as set: a whole number of hours, or none", () => {
    expect(businessDetailsSchema.parse({ ...real, replyHours: "" }).replyHours).toBeNull();
    expect(businessDetailsSchema.parse({ ...real, replyHours: " 24 " }).replyHours).toBe(24);
    for (const bad of ["0", "1.5", "169", "-2"]) {
      expect(businessDetailsSchema.safeParse({ ...real, replyHours: bad }).success).toBe(false);
    }
  });

  it("refuses a phone number carrying control or direction characters", () => {
    expect(businessDetailsSchema.safeParse({ ...real, phone: "(602) 555-2143\u202e" }).success).toBe(false);
  });

  it("makes a call link from the number as typed", () => {
    expect(telHref("(602) 555-2143")).toBe("tel:+16025552143");
    expect(telHref("+44 20 7946 0018")).toBe("tel:+442079460018");
    expect(formatPhone("4152101078")).toBe("(415) 210-1078");
    expect(formatPhone("+1 415.210.1078")).toBe("(415) 210-1078");
    expect(formatPhone("+44 20 7946 0018")).toBe("+44 20 7946 0018");
  });
});
