import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { ConfigError, configSchema, parseConfig } from "./config.server";

describe("parseConfig", () => {
  it("has every setting it reads documented in .env.example", () => {
    const example = fs.readFileSync(new URL("../../.env.example", import.meta.url), "utf8");
    const documented = new Set([...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]));
    expect(Object.keys(configSchema.shape).filter((name) => !documented.has(name))).toEqual([]);
  });

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

  it("takes MAIL_RETRY_SECONDS (first retry delay) from 1 to 3600, 15 by default", () => {
    expect(parseConfig({}).MAIL_RETRY_SECONDS).toBe(15);
    expect(parseConfig({ MAIL_RETRY_SECONDS: "1" }).MAIL_RETRY_SECONDS).toBe(1);
    for (const wrong of ["0", "3601", "1.5", "soon"]) {
      expect(() => parseConfig({ MAIL_RETRY_SECONDS: wrong })).toThrow(/MAIL_RETRY_SECONDS: must be/);
    }
  });

  it("takes AUDIT_RETENTION_DAYS from 1 to 3650, 365 by default", () => {
    expect(parseConfig({}).AUDIT_RETENTION_DAYS).toBe(365);
    expect(parseConfig({ AUDIT_RETENTION_DAYS: "30" }).AUDIT_RETENTION_DAYS).toBe(30);
    for (const wrong of ["0", "3651", "1.5", "forever"]) {
      expect(() => parseConfig({ AUDIT_RETENTION_DAYS: wrong })).toThrow(/AUDIT_RETENTION_DAYS: must be/);
    }
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

  describe("bill storage", () => {
    it("keeps bills on local disk by default, with S3 defaults that need nothing", () => {
      const config = parseConfig({});
      expect(config).toMatchObject({
        BILL_STORAGE: "local",
        S3_REGION: "us-east-1",
        S3_CONDITIONAL_WRITES: true,
        BILL_SIGNED_URLS: false,
      });
      expect(config.S3_BUCKET).toBeUndefined();
      expect(config.S3_ENDPOINT).toBeUndefined();
    });

    it("reads the S3 settings", () => {
      const config = parseConfig({
        BILL_STORAGE: "s3",
        S3_BUCKET: "solar-bills",
        S3_REGION: "eu-west-1",
        S3_ENDPOINT: "https://s3.example.com",
        S3_ACCESS_KEY_ID: "AKID",
        S3_SECRET_ACCESS_KEY: "secret",
        S3_PREFIX: "prod/site",
        S3_CONDITIONAL_WRITES: "false",
        BILL_SIGNED_URLS: "true",
      });
      expect(config).toMatchObject({
        BILL_STORAGE: "s3",
        S3_BUCKET: "solar-bills",
        S3_REGION: "eu-west-1",
        S3_ENDPOINT: "https://s3.example.com",
        S3_ACCESS_KEY_ID: "AKID",
        S3_SECRET_ACCESS_KEY: "secret",
        S3_PREFIX: "prod/site",
        S3_CONDITIONAL_WRITES: false,
        BILL_SIGNED_URLS: true,
      });
      // Credentials may come from the SDK's own chain (a role): the keys are optional.
      expect(parseConfig({ BILL_STORAGE: "s3", S3_BUCKET: "solar-bills", S3_REGION: "" }).S3_REGION).toBe("us-east-1");
      expect(parseConfig({ BILL_ORPHAN_GRACE_SECONDS: "60" }).BILL_ORPHAN_GRACE_SECONDS).toBe(60);
    });

    it.each([
      [{ BILL_STORAGE: "s3" }, 'S3_BUCKET: must be set when BILL_STORAGE=s3 (got "")'],
      [{ BILL_STORAGE: "s3", S3_BUCKET: " " }, 'S3_BUCKET: must be set when BILL_STORAGE=s3 (got " ")'],
      [{ BILL_STORAGE: "S3" }, 'BILL_STORAGE: must be "local" or "s3" (got "S3")'],
      [{ S3_ACCESS_KEY_ID: "AKID" }, /^S3_SECRET_ACCESS_KEY: must be set together with S3_ACCESS_KEY_ID/],
      [{ S3_SECRET_ACCESS_KEY: "secret" }, /^S3_ACCESS_KEY_ID: must be set together with S3_SECRET_ACCESS_KEY/],
      [{ BILL_SIGNED_URLS: "true" }, /^BILL_SIGNED_URLS: needs BILL_STORAGE=s3/],
      [
        { BILL_STORAGE: "s3", S3_BUCKET: "solar-bills", BILL_ORPHAN_GRACE_SECONDS: "60" },
        /^BILL_ORPHAN_GRACE_SECONDS: must be at least 600 with BILL_STORAGE=s3/,
      ],
      [{ S3_ENDPOINT: "localhost:9000" }, /^S3_ENDPOINT: must be an http\(s\) URL/],
      [{ S3_BUCKET: "a" }, /^S3_BUCKET: must be a bucket name/],
      [{ S3_PREFIX: "../other" }, /^S3_PREFIX: must not contain \.\./],
      [{ S3_CONDITIONAL_WRITES: "yes" }, /^S3_CONDITIONAL_WRITES: must be true or false/],
    ])("rejects %o with one line naming the variable", (env, line) => {
      let error: unknown;
      try {
        parseConfig(env);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems;
      expect(problems).toHaveLength(1);
      if (typeof line === "string") expect(problems[0]).toBe(line);
      else expect(problems[0]).toMatch(line);
    });

    it("reports a missing bucket together with every other mistake", () => {
      expect(() => parseConfig({ BILL_STORAGE: "s3", PORT: "x" })).toThrow(/PORT: .*\n.*S3_BUCKET: must be set/);
    });
  });
});

describe("metrics settings", () => {
  it("leave /metrics off when unset, and take a long token and address ranges", () => {
    expect(parseConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(parseConfig({}).METRICS_ALLOW_FROM).toBeUndefined();
    const config = parseConfig({ METRICS_TOKEN: "a".repeat(32), METRICS_ALLOW_FROM: "10.0.0.0/8, 192.0.2.7 fd00::/8" });
    expect(config.METRICS_TOKEN).toBe("a".repeat(32));
    expect(config.METRICS_ALLOW_FROM).toBe("10.0.0.0/8, 192.0.2.7 fd00::/8");
  });

  it("refuse a short token and anything that is not an address or a range", () => {
    expect(() => parseConfig({ METRICS_TOKEN: "secret" })).toThrow(/METRICS_TOKEN: must be at least 16/);
    for (const wrong of ["10.0.0.0/33", "example.com", "10.0.0.0/8/1", "10.0.0/8", "::1/129"]) {
      expect(() => parseConfig({ METRICS_ALLOW_FROM: wrong })).toThrow(/METRICS_ALLOW_FROM: must list addresses/);
    }
  });
});
