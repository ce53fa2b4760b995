import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AppDatabase } from "../db/client.server";
import { getHtmlCache } from "../html-cache.server";
import { log } from "../log.server";

const mocks = vi.hoisted(() => ({ getDb: vi.fn() }));
vi.mock("../db/db.server", () => ({ getDb: mocks.getDb }));

const { retiredIndustriesOrNone, sharedModelFigures, sharedRetiredIndustries } = await import(
  "./shared-content.server"
);

/** A stand-in database; the real engines are in tests/integration/shared-content.test.ts. */

function database(...answers: Array<string[] | Error>) {
  const reads = { count: 0 };
  const where = async () => {
    const answer = answers[Math.min(reads.count, answers.length - 1)] as string[] | Error;
    reads.count += 1;
    if (answer instanceof Error) throw answer;
    return answer.map((slug) => ({ slug }));
  };
  const db = { select: () => ({ from: () => ({ where }) }) } as unknown as AppDatabase;
  return { db, reads };
}

const refused = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

beforeEach(() => {
  getHtmlCache().clear();
  vi.spyOn(log, "error").mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  getHtmlCache().clear();
});

describe("content kept beside the HTML cache", () => {
  it("does not keep a failed read: the next page asks the database again", async () => {
    const { db, reads } = database(refused(), ["winery"]);
    await expect(sharedRetiredIndustries(db, 60)).rejects.toThrow("ECONNREFUSED");
    expect(await sharedRetiredIndustries(db, 60)).toEqual(["winery"]);
    expect(await sharedRetiredIndustries(db, 60)).toEqual(["winery"]);
    expect(reads.count).toBe(2);
  });

  it("keeps a copy at most maxSeconds", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const { db, reads } = database(["winery"], ["car-wash", "winery"]);
    expect(await sharedRetiredIndustries(db, 60)).toEqual(["winery"]);
    vi.advanceTimersByTime(59_000);
    expect(await sharedRetiredIndustries(db, 60)).toEqual(["winery"]);
    vi.advanceTimersByTime(1_000);
    expect(await sharedRetiredIndustries(db, 60)).toEqual(["car-wash", "winery"]);
    expect(reads.count).toBe(2);
  });

  it("lists every industry (none retired) when the database cannot say, and logs it", async () => {
    mocks.getDb.mockResolvedValue(database(refused()).db);
    expect(await retiredIndustriesOrNone(60, "the sitemap")).toEqual([]);
    expect(log.error).toHaveBeenCalledWith(expect.anything(), "Error loading retired industries for the sitemap");
    mocks.getDb.mockResolvedValue(database(["winery"]).db);
    expect(await retiredIndustriesOrNone(60, "the sitemap")).toEqual(["winery"]);
  });

  it("lays the calculator's figures over the built-in data once per memo, not on every estimate", async () => {
    const reads = { count: 0 };
    const row = {
      key: "commercial_price_nm",
      value: 0.2,
      low: null,
      high: null,
      minKw: null,
      maxKw: null,
      label: null,
      note: null,
      sourceTitle: "EIA",
      link: "https://www.eia.gov/electricity/annual/",
      sourceYear: 2024,
      lastReviewedAt: "2026-11-26",
    };
    const from = async () => {
      reads.count += 1;
      return [row];
    };
    const db = { select: () => ({ from }) } as unknown as AppDatabase;
    const first = await sharedModelFigures(db, 60);
    expect(first.commercialPrice.NM?.value).toBe(0.2);
    expect(await sharedModelFigures(db, 60)).toBe(first);
    getHtmlCache().clear();
    expect(await sharedModelFigures(db, 60)).not.toBe(first);
    expect(reads.count).toBe(2);
  });
});
