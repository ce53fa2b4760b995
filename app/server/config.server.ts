import { z } from "zod";
import { isIsoDate } from "~/lib/dates";
import { parseAddressRanges } from "./metrics/address-ranges.server";

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Validated once at start-up; `.env.example` documents each setting. */
const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const optionalDays = () =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.coerce
      .number({ error: "must be a number of days" })
      .int("must be a whole number of days")
      .min(1, "must be between 1 and 3650, or empty (off)")
      .max(3650, "must be between 1 and 3650, or empty (off)")
      .optional(),
  );

export const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce
    .number({ error: "must be a port number" })
    .int("must be a whole number")
    .min(0, "must be between 0 and 65535")
    .max(65535, "must be between 0 and 65535")
    .default(3000),
  HOST: z.string().default("0.0.0.0"),
  SITE_URL: z
    .url({ protocol: /^https?$/, error: "must be an absolute http(s) URL such as https://www.example.com" })
    .default("http://localhost:3000")
    .transform((value) => value.replace(/\/+$/, "")),
  DATA_DIR: z.string().min(1, "must not be empty").default("./data"),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
  ),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  HTML_CACHE_SECONDS: z.coerce
    .number({ error: "must be a number of seconds" })
    .int()
    .min(0, "must be 0 (off) or more")
    .max(3600, "must be at most 3600")
    .default(60),
  /** The client address is taken that many hops back in X-Forwarded-For, so a client cannot choose it. */
  TRUST_PROXY: z
    .string()
    .trim()
    .default("0")
    .transform((value) => (value === "" || value === "false" ? "0" : value))
    .refine((value) => value !== "true", {
      message: 'must be the number of proxies in front of the server (e.g. 1), or their addresses, not "true"',
    })
    .transform((value): number | string => (/^\d+$/.test(value) ? Number(value) : value)),
  LOG_REQUESTS: z
    .enum(["true", "false", "1", "0", ""])
    .optional()
    .transform((value) => value !== "false" && value !== "0"),
  /** Off by default: a webhook carries a lead's contact details (decision 0029). */
  WEBHOOKS_ALLOW_PRIVATE_NETWORKS: z
    .enum(["true", "false", "1", "0", ""])
    .optional()
    .transform((value) => value === "true" || value === "1"),
  LOG_LEVEL: optionalString.pipe(z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional()),
  SESSION_SECRET: optionalString.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, "must start with smtp:// or smtps:// (e.g. smtp://user:pass@mail.example.com:587)")
      .optional(),
  ),
  MAIL_FROM: z.string().trim().min(3).default("Commercial Solar Advisors <no-reply@localhost>"),
  NOTIFY_EMAIL: z
    .string()
    .trim()
    .default("leads@localhost")
    .refine((value) => value.split(",").every((address) => /^[^@\s]+@[^@\s]+$/.test(address.trim())), {
      message: "must be one e-mail address, or several separated by commas",
    }),
  MAIL_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  MAIL_RETRY_SECONDS: z.coerce
    .number({ error: "must be a number of seconds" })
    .int("must be a whole number of seconds")
    .min(1, "must be between 1 and 3600")
    .max(3600, "must be between 1 and 3600")
    .default(15),
  MAIL_GIVE_UP_HOURS: z.coerce
    .number()
    .min(1)
    .max(24 * 30)
    .default(72),
  FORM_RATE_LIMIT: z.coerce.number({ error: "must be a number of submissions" }).int().min(1).max(100_000).default(30),
  LOGIN_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(20),
  SIGNUPS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(5),
  ACCOUNT_MAILS_PER_RECIPIENT_PER_DAY: z.coerce.number().int().min(1).max(1000).default(3),
  ACCOUNT_MAILS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(50),
  ADMIN_TWO_FACTOR_REQUIRED: z
    .enum(["true", "false"])
    .default("true")
    .transform((value) => value === "true"),
  PASSWORD_HASHES_AT_ONCE: z.coerce.number().int().min(1).max(64).default(1),
  FORM_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  /** Behind nginx: longer than its upstream keepalive_timeout (deploy/nginx/solar.conf: 4 s). */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(120).default(0),
  UPLOADS_AT_ONCE: z.coerce.number().int().min(1).max(1000).default(32),
  UPLOADS_PER_ADDRESS: z.coerce.number().int().min(1).max(100).default(2),
  UPLOAD_IDLE_SECONDS: z.coerce.number().int().min(1).max(600).default(20),
  /** Bytes per second, on average, after the first 30 s. */
  UPLOAD_MIN_BYTES_PER_SECOND: z.coerce.number().int().min(0).max(10_000_000).default(2048),
  UPLOAD_EVICT_AFTER_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
  BILL_ORPHAN_GRACE_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 86_400)
    .default(900),
  BILL_STORAGE: z.enum(["local", "s3"], { error: 'must be "local" or "s3"' }).default("local"),
  S3_BUCKET: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{1,61}[A-Za-z0-9]$/, "must be a bucket name (3 to 63 letters, digits, . - _)")
      .optional(),
  ),
  S3_REGION: optionalString.transform((value) => value ?? "us-east-1"),
  S3_ENDPOINT: optionalString.pipe(
    z.url({ protocol: /^https?$/, error: "must be an http(s) URL such as https://s3.example.com" }).optional(),
  ),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_PREFIX: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9!_.*'()/-]+$/, "must be letters, digits and ! _ . * ' ( ) - / only")
      .refine((value) => !value.split("/").includes(".."), { message: "must not contain .." })
      .optional(),
  ),
  S3_CONDITIONAL_WRITES: z
    .enum(["true", "false", "1", "0", ""], { error: "must be true or false" })
    .optional()
    .transform((value) => value !== "false" && value !== "0"),
  BILL_SIGNED_URLS: z
    .enum(["true", "false", "1", "0", ""], { error: "must be true or false" })
    .optional()
    .transform((value) => value === "true" || value === "1"),
  PAGE_VIEWS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  PAGE_VIEW_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  WEBHOOK_DELIVERY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  AUDIT_RETENTION_DAYS: z.coerce
    .number({ error: "must be a number of days" })
    .int("must be a whole number of days")
    .min(1, "must be between 1 and 3650")
    .max(3650, "must be between 1 and 3650")
    .default(365),
  RETAIN_CLOSED_LEADS_DAYS: optionalDays(),
  RETAIN_SPAM_LEADS_DAYS: optionalDays(),
  RETAIN_UNCONVERTED_LEADS_DAYS: optionalDays(),
  GUIDE_MAILS_PER_RECIPIENT_PER_DAY: z.coerce.number().int().min(1).max(1000).default(3),
  MAIL_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(4),
  FOLLOW_UP_DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(7),
  SITE_TIME_ZONE: z
    .string()
    .trim()
    .default("America/New_York")
    .refine(isTimeZone, { message: 'must be an IANA time zone such as "America/New_York"' }),
  CLOCK_TODAY: optionalString.pipe(
    z.string().refine(isIsoDate, { message: "must be a date as YYYY-MM-DD" }).optional(),
  ),
  BACKUP_URL: optionalString.pipe(
    z
      .string()
      .refine(
        (value) =>
          !value.startsWith("s3://") || /^s3:\/\/[A-Za-z0-9][A-Za-z0-9._-]{1,61}[A-Za-z0-9](\/.*)?$/.test(value),
        {
          message: "must be a folder, file:///folder or s3://bucket/prefix",
        },
      )
      .optional(),
  ),
  BACKUP_INTERVAL_HOURS: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.coerce.number({ error: "must be a number of hours" }).min(0, "must be 0 (off) or more").max(720).optional(),
  ),
  BACKUP_KEEP_DAILY: z.coerce.number().int().min(1).max(366).default(7),
  BACKUP_KEEP_WEEKLY: z.coerce.number().int().min(0).max(520).default(4),
  GA_MEASUREMENT_ID: optionalString.pipe(
    z
      .string()
      .regex(/^G-[A-Z0-9]{4,}$/, "must look like G-XXXXXXXXXX")
      .optional(),
  ),
  SENTRY_DSN: optionalString.pipe(
    z.url({ protocol: /^https?$/, error: "must be a DSN URL such as https://key@o1.ingest.sentry.io/1" }).optional(),
  ),
  SENTRY_RELEASE: optionalString,
  SENTRY_ENVIRONMENT: optionalString,
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, "must be at least 16 characters").optional()),
  METRICS_ALLOW_FROM: optionalString.pipe(
    z
      .string()
      .superRefine((value, context) => {
        try {
          parseAddressRanges(value);
        } catch (error) {
          context.addIssue({
            code: "custom",
            message: `must list addresses or CIDR ranges: ${(error as Error).message}`,
          });
        }
      })
      .optional(),
  ),
});

export type AppConfig = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

export function parseConfig(env: Record<string, string | undefined>): AppConfig {
  const result = configSchema.safeParse(env);
  const issues = [...(result.success ? [] : result.error.issues), ...combinationIssues(env)];
  if (result.success && issues.length === 0) return result.data;
  const problems = issues.map((issue) => {
    const name = String(issue.path[0] ?? "environment");
    return `${name}: ${issue.message} (got ${JSON.stringify(env[name] ?? "")})`;
  });
  throw new ConfigError(problems);
}

function combinationIssues(env: Record<string, string | undefined>): { path: string[]; message: string }[] {
  const set = (name: string) => (env[name] ?? "").trim() !== "";
  const issues: { path: string[]; message: string }[] = [];
  const s3 = (env.BILL_STORAGE ?? "").trim() === "s3";
  if (s3 && !set("S3_BUCKET")) issues.push({ path: ["S3_BUCKET"], message: "must be set when BILL_STORAGE=s3" });
  for (const [name, other] of [
    ["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"],
    ["S3_SECRET_ACCESS_KEY", "S3_ACCESS_KEY_ID"],
  ] as const) {
    if (set(other) && !set(name)) {
      issues.push({ path: [name], message: `must be set together with ${other} (or neither, for the SDK's chain)` });
    }
  }
  // Another instance's sweep does not see this one's reserved keys: in a shared bucket the grace
  // must outlast any upload (the server cuts a request at 300 s).
  const grace = Number((env.BILL_ORPHAN_GRACE_SECONDS ?? "").trim() || "900");
  if (s3 && Number.isInteger(grace) && grace >= 1 && grace < 600) {
    issues.push({
      path: ["BILL_ORPHAN_GRACE_SECONDS"],
      message: "must be at least 600 with BILL_STORAGE=s3 (instances sharing a bucket cannot see each other's uploads)",
    });
  }
  const signed = ["true", "1"].includes((env.BILL_SIGNED_URLS ?? "").trim());
  if (signed && !s3) {
    issues.push({
      path: ["BILL_SIGNED_URLS"],
      message: "needs BILL_STORAGE=s3 (bills on local disk cannot be signed)",
    });
  }
  return issues;
}

export function backupIntervalHours(config: Pick<AppConfig, "BACKUP_INTERVAL_HOURS" | "NODE_ENV">): number {
  return config.BACKUP_INTERVAL_HOURS ?? (config.NODE_ENV === "production" ? 24 : 0);
}

let config: AppConfig | undefined;

export function getConfig(): AppConfig {
  config ??= parseConfig(process.env);
  return config;
}
