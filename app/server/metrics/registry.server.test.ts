import { afterAll, describe, expect, it } from "vitest";
import { addScrapeGauge, metricsRegistry } from "./registry.server";

describe("addScrapeGauge", () => {
  // The registry is the process's: other test files scrape it too.
  afterAll(() => {
    for (const name of ["test_scrape_read_value", "test_scrape_nothing_yet", "test_scrape_failing"]) {
      metricsRegistry.removeSingleMetric(name);
    }
  });

  it("reads its value at each scrape", async () => {
    let value = 3;
    addScrapeGauge("test_scrape_read_value", "A value read when scraped", () => value);
    expect(await metricsRegistry.metrics()).toMatch(/^test_scrape_read_value 3$/m);
    value = 5;
    expect(await metricsRegistry.metrics()).toMatch(/^test_scrape_read_value 5$/m);
  });

  it("gives no sample, never a made-up 0, when there is nothing to say or the read fails", async () => {
    addScrapeGauge("test_scrape_nothing_yet", "Nothing known yet", () => null);
    addScrapeGauge("test_scrape_failing", "A read that fails", async () => {
      throw new Error("backup folder unreadable");
    });
    const text = await metricsRegistry.metrics();
    expect(text).toContain("# TYPE test_scrape_nothing_yet gauge");
    expect(text).not.toMatch(/^test_scrape_nothing_yet /m);
    expect(text).not.toMatch(/^test_scrape_failing /m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
  });
});
