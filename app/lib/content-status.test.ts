import { describe, expect, it } from "vitest";
import { endDateLabel, incentiveStatus, policyStatus } from "./content-status";
import { addDays, isoDateIn } from "./dates";

describe("incentiveStatus", () => {
  const ends = { status: null, expiresOn: "2028-01-01" };

  it("is Active the day before the end date and Expired on it, with nobody editing the record", () => {
    expect(incentiveStatus(ends, "2027-12-31")).toBe("Active");
    expect(incentiveStatus(ends, "2028-01-01")).toBe("Expired");
    expect(incentiveStatus(ends, "2031-06-30")).toBe("Expired");
  });

  it("uses the explicit status only while no date decides", () => {
    expect(incentiveStatus({ status: "At Risk", expiresOn: "2028-01-01" }, "2027-12-31")).toBe("At Risk");
    expect(incentiveStatus({ status: "At Risk", expiresOn: "2028-01-01" }, "2028-01-01")).toBe("Expired");
    expect(incentiveStatus({ status: "Expired", expiresOn: null }, "2020-01-01")).toBe("Expired");
    expect(incentiveStatus({ status: null, expiresOn: null }, "2099-01-01")).toBe("Active");
  });
});

describe("policyStatus", () => {
  it("keeps Extended until the deadline, then shows Expired", () => {
    const held = { status: "Extended", expiresOn: "2026-06-01" };
    expect(policyStatus(held, "2026-05-31")).toBe("Extended");
    expect(policyStatus(held, "2026-06-01")).toBe("Expired");
    expect(policyStatus({ status: "Confirmed", expiresOn: null }, "2030-01-01")).toBe("Confirmed");
  });
});

describe("endDateLabel", () => {
  it("names the last day the program applies, before and after it ends", () => {
    expect(endDateLabel("2028-01-01", "2027-12-31")).toBe("Available through December 31, 2027");
    expect(endDateLabel("2028-01-01", "2028-01-01")).toBe("Ended December 31, 2027");
    expect(endDateLabel(null, "2028-01-01")).toBeNull();
    expect(endDateLabel("2028-01-01", "2027-12-31", "in-service")).toBe("In service by December 31, 2027");
    expect(endDateLabel("2028-01-01", "2028-01-01", "in-service")).toBe(
      "Ended for systems in service after December 31, 2027",
    );
    // An end a cap can bring sooner (Washington's net metering, RCW 80.60.020): not a promise.
    expect(endDateLabel("2029-07-01", "2026-11-29", "or-earlier")).toBe("Until June 30, 2029 at the latest");
  });
});

describe("dates", () => {
  it("takes today's date in the business's time zone, not UTC", () => {
    // 03:00 UTC on January 1 is still December 31 in New York.
    const instant = new Date("2028-01-01T03:00:00Z");
    expect(isoDateIn("America/New_York", instant)).toBe("2027-12-31");
    expect(isoDateIn("UTC", instant)).toBe("2028-01-01");
    expect(addDays("2028-01-01", -1)).toBe("2027-12-31");
  });
});
