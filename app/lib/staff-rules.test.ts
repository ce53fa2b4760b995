import { describe, expect, it } from "vitest";
import { neutraliseCsvCell } from "./csv";
import {
  displayOrDash,
  formatAdminDate,
  formatBill,
  leadFiltersFrom,
  leadFiltersToParams,
  waitingForReply,
} from "./lead-workspace";
import { fullNameFromEmail, loginProblem } from "./validation/login";

describe("loginProblem (spec section 5, shared by browser and server)", () => {
  it("checks the e-mail pattern, and the password rule only when signing up", () => {
    expect(loginProblem("login", { email: "a@b.co", password: "x" })).toBeNull();
    expect(loginProblem("login", { email: "a@b", password: "x" })).toBe("invalidEmail");
    expect(loginProblem("login", { email: "", password: "" })).toBe("missing");
    expect(loginProblem("signup", { email: "a@b.co", password: "password" })).toBe("weakPassword");
    expect(loginProblem("signup", { email: "a@b.co", password: "Passw0rd!" })).toBeNull();
    // Only the allowed classes: a space or a # is refused.
    expect(loginProblem("signup", { email: "a@b.co", password: "Passw0rd! " })).toBe("weakPassword");
    expect(loginProblem("signup", { email: "a@b.co", password: "Passw0rd#" })).toBe("weakPassword");
  });
  it("takes full_name from the part of the e-mail before @", () => {
    expect(fullNameFromEmail("jo.smith@acme.example")).toBe("jo.smith");
  });
});

describe("the lead list's URL and formats", () => {
  it("reads filters from the URL and ignores what it does not know", () => {
    const filters = leadFiltersFrom(
      new URLSearchParams(
        "q= Acme &kind=bill&status=won&owner=mine&due=1&sort=oldest&spam=1&page=3&from=2026-11-01&to=2026-11-30&source= /farms ",
      ),
    );
    expect(filters).toEqual({
      q: "Acme",
      kind: "bill",
      status: "won",
      owner: "mine",
      from: "2026-11-01",
      to: "2026-11-30",
      source: "/farms",
      due: true,
      sort: "oldest",
      spam: true,
      page: 3,
    });
    expect(
      leadFiltersFrom(
        new URLSearchParams("kind=x&status=y&owner=someone&due=yes&spam=yes&page=-2&from=2026-02-30&to=x"),
      ),
    ).toEqual({
      q: "",
      kind: null,
      status: null,
      owner: null,
      from: null,
      to: null,
      source: "",
      due: false,
      sort: "newest",
      spam: false,
      page: 1,
    });
    expect(leadFiltersFrom(new URLSearchParams("sort=bill")).sort).toBe("bill");
    expect(leadFiltersFrom(new URLSearchParams("sort=next-step")).sort).toBe("next-step");
    expect(leadFiltersFrom(new URLSearchParams("sort=name")).sort).toBe("newest");
    expect(leadFiltersToParams({ sort: "newest" }).toString()).toBe("");
    expect(leadFiltersToParams(filters).toString()).toBe(
      "q=Acme&kind=bill&status=won&owner=mine&from=2026-11-01&to=2026-11-30&source=%2Ffarms&due=1&sort=oldest&spam=1&page=3",
    );
    // One staff member, by the id better-auth gave the account.
    expect(leadFiltersFrom(new URLSearchParams("owner=Abc123Def456Ghi789Jkl012Mno345Pq")).owner).toBe(
      "Abc123Def456Ghi789Jkl012Mno345Pq",
    );
  });
  it("formats dates MM/dd/yyyy, bills with $ and empty values as a dash", () => {
    expect(formatAdminDate("2026-11-23T03:00:00Z", "America/New_York")).toBe("11/22/2026");
    expect(formatBill(8500)).toBe("$8,500");
    expect(formatBill(1234.5)).toBe("$1,235");
    expect(formatBill(8609.05)).toBe("$8,609");
    expect(formatBill(null)).toBe("-");
    expect(displayOrDash(null)).toBe("-");
    expect(displayOrDash("")).toBe("-");
  });
});

describe("neutraliseCsvCell", () => {
  it("keeps formulas from running in a spreadsheet", () => {
    for (const cell of ["=cmd|' /C calc'!A0", "+1", "-2+3", "@SUM(A1)", "\t=1", "\r=1"]) {
      expect(neutraliseCsvCell(cell)).toBe(`'${cell}`);
    }
    expect(neutraliseCsvCell("Acme Farms")).toBe("Acme Farms");
  });
});

describe("waitingForReply", () => {
  it("flags a new lead past the promised reply time: the business's own, else 24 hours", () => {
    const lead = { status: "new" as const, submittedAt: "2026-11-25T10:00:00Z" };
    expect(waitingForReply(lead, "2026-11-25T13:00:00Z")).toBe(false);
    expect(waitingForReply(lead, "2026-11-26T10:30:00Z")).toBe(true);
    expect(waitingForReply(lead, "2026-11-25T13:00:00Z", 2)).toBe(true);
    expect(waitingForReply({ ...lead, status: "contacted" }, "2026-11-27T10:00:00Z", 2)).toBe(false);
  });
});
