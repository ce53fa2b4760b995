import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config.server";

describe("parseConfig", () => {
  it("gives working defaults for an empty environment", () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      SITE_URL: "http://localhost:3000",
      DATA_DIR: "./data",
      HTML_CACHE_SECONDS: 60,
      LOG_REQUESTS: true,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.GA_MEASUREMENT_ID).toBeUndefined();
  });

  it("accepts a PostgreSQL URL and strips a trailing slash from SITE_URL", () => {
    const config = parseConfig({ DATABASE_URL: "postgres://u@db:5432/app", SITE_URL: "https://solar.example.com/" });
    expect(config.DATABASE_URL).toBe("postgres://u@db:5432/app");
    expect(config.SITE_URL).toBe("https://solar.example.com");
  });

  it("takes TRUST_PROXY as a hop count or addresses, never true", () => {
    expect(parseConfig({}).TRUST_PROXY).toBe(0);
    expect(parseConfig({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(parseConfig({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(0);
    expect(parseConfig({ TRUST_PROXY: "10.0.0.0/8" }).TRUST_PROXY).toBe("10.0.0.0/8");
    expect(() => parseConfig({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY: must be the number of proxies/);
  });

  it("treats an empty DATABASE_URL as not set", () => {
    expect(parseConfig({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["SITE_URL", "localhost:3000"],
    ["DATABASE_URL", "mysql://x"],
    ["GA_MEASUREMENT_ID", "UA-123"],
    ["HTML_CACHE_SECONDS", "-1"],
    ["NODE_ENV", "staging"],
  ])("rejects %s=%s with a line naming the variable", (name, value) => {
    let error: unknown;
    try {
      parseConfig({ [name]: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${name}: .+\\(got "${value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"\\)$`));
  });

  it("reports every mistake at once, one line each", () => {
    expect(() => parseConfig({ PORT: "x", SITE_URL: "nope" })).toThrow(/PORT: .*\n.*SITE_URL: /);
  });
});
