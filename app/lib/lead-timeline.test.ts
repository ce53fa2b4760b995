import { describe, expect, it } from "vitest";
import { leadTimeline } from "./lead-timeline";

describe("leadTimeline", () => {
  it("merges the submission, staff changes, notes and e-mails, newest first, with who did what", () => {
    const entries = leadTimeline({
      submittedAt: "2026-11-20T14:00:00.000Z",
      kindLabel: "Bill upload",
      hasEstimate: true,
      events: [
        { type: "owner", actorName: "New-lead rotation", details: { to: "Ann" }, at: "2026-11-20T14:00:00.000Z" },
        { type: "status", actorName: "Ann", details: { from: "new", to: "contacted" }, at: "2026-11-21T09:00:00.000Z" },
        {
          type: "next-step",
          actorName: "Ann",
          details: { on: "2026-11-25", task: "Call" },
          at: "2026-11-21T09:05:00.000Z",
        },
        { type: "next-step", actorName: "Ann", details: { on: null, task: null }, at: "2026-11-26T08:00:00.000Z" },
        { type: "file", actorName: "Ben", details: {}, at: "2026-11-22T10:00:00.000Z" },
      ],
      notes: [{ authorName: "Ann", body: "Wants a quote", createdAt: "2026-11-21T09:01:00.000Z" }],
      mail: [
        {
          subject: "New Solar Assessment Request",
          toAddress: "staff@example.com",
          status: "sent",
          createdAt: "2026-11-20T14:00:00.000Z",
          sentAt: "2026-11-20T14:00:05.000Z",
        },
      ],
    });
    expect(entries.map((entry) => [entry.what, entry.who, entry.detail])).toEqual([
      ["Next step cleared", "Ann", null],
      ["Bill file opened", "Ben", null],
      ["Next step: 11/25/2026", "Ann", "Call"],
      ["Note", "Ann", "Wants a quote"],
      ["Status: New → Contacted", "Ann", null],
      ["E-mail sent: New Solar Assessment Request", null, "To staff@example.com"],
      ["Owner: Ann", "New-lead rotation", null],
      ["Calculator estimate attached", null, null],
      ["Submitted: Bill upload", null, null],
    ]);
  });

  it("says who marked a lead as spam and who took it back", () => {
    const entries = leadTimeline({
      submittedAt: "2026-11-20T14:00:00.000Z",
      kindLabel: "Guide request",
      hasEstimate: false,
      events: [
        { type: "spam", actorName: "Ann", details: {}, at: "2026-11-21T09:00:00.000Z" },
        { type: "not-spam", actorName: "Ben", details: {}, at: "2026-11-22T09:00:00.000Z" },
      ],
      notes: [],
      mail: [],
    });
    expect(entries.map((entry) => [entry.what, entry.who])).toEqual([
      ["Marked not spam", "Ben"],
      ["Marked as spam", "Ann"],
      ["Submitted: Guide request", null],
    ]);
  });

  it("says one change repeated in a row by one person once, with how many times", () => {
    const owner = (at: string) => ({ type: "owner", actorName: "Alex", details: { to: "alex.rivera" }, at });
    const entries = leadTimeline({
      submittedAt: "2026-11-20T14:00:00.000Z",
      kindLabel: "Guide request",
      hasEstimate: false,
      events: [
        owner("2026-11-21T09:00:00.000Z"),
        owner("2026-11-21T09:00:01.000Z"),
        owner("2026-11-21T09:00:02.000Z"),
        { type: "owner", actorName: "Ben", details: { to: "alex.rivera" }, at: "2026-11-22T09:00:00.000Z" },
      ],
      notes: [
        { authorName: "Ann", body: "Called", createdAt: "2026-11-23T09:00:00.000Z" },
        { authorName: "Ann", body: "Called", createdAt: "2026-11-23T10:00:00.000Z" },
      ],
      mail: [],
    });
    expect(entries.map((entry) => [entry.what, entry.who])).toEqual([
      ["Note", "Ann"],
      ["Note", "Ann"],
      ["Owner: alex.rivera", "Ben"],
      ["Owner: alex.rivera (3 times)", "Alex"],
      ["Submitted: Guide request", null],
    ]);
  });
});
