import { z } from "zod";
import { isIsoDate } from "~/lib/dates";

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * Every setting the server reads, validated once at start-up. `.env.example` documents each.
 * A mistake stops the server with one line per variable, naming it.
 */
const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

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
  /**
   * How many reverse proxies stand in front of the server (0: none). The client address is then
   * taken that many hops back in X-Forwarded-For: a client cannot choose it by sending the
   * header itself. A CIDR list ("10.0.0.0/8, fd00::/8") may be given instead of a number.
   */
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
  /** Read by the logger itself (app/server/log.server.ts); validated here so a typo stops the start. */
  LOG_LEVEL: optionalString.pipe(z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional()),
  /** Signs cookies (flash messages now, sessions later). Several instances must share one. */
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
  MAIL_GIVE_UP_HOURS: z.coerce
    .number()
    .min(1)
    .max(24 * 30)
    .default(72),
  FORM_RATE_LIMIT: z.coerce.number({ error: "must be a number of submissions" }).int().min(1).max(100_000).default(30),
  /** Failed staff sign-ins allowed per client address per 15 minutes (per e-mail it is always 5). */
  LOGIN_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(20),
  FORM_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  /** Bill uploads being received at once (each streams to storage; more wait briefly in a queue). */
  UPLOADS_AT_ONCE: z.coerce.number().int().min(1).max(1000).default(32),
  /** Bill uploads one client address may have in progress at once. */
  UPLOADS_PER_ADDRESS: z.coerce.number().int().min(1).max(100).default(2),
  /** An upload that sends nothing for this long is cut off. */
  UPLOAD_IDLE_SECONDS: z.coerce.number().int().min(1).max(600).default(20),
  /** After the first 30 s, an upload slower than this (bytes per second, on average) is cut off. */
  UPLOAD_MIN_BYTES_PER_SECOND: z.coerce.number().int().min(0).max(10_000_000).default(2048),
  /** A stored bill file that no row names is removed once it is this old (a crash between the two). */
  BILL_ORPHAN_GRACE_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 86_400)
    .default(900),
  /** Page views stored per minute from all visitors together (beyond it they are dropped). */
  PAGE_VIEWS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  /** Days raw page-view rows are kept; daily totals are kept for good. */
  PAGE_VIEW_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** Guide e-mails one recipient address may receive per day (the rest of the lead is kept). */
  GUIDE_MAILS_PER_RECIPIENT_PER_DAY: z.coerce.number().int().min(1).max(1000).default(3),
  /** Messages the outbox sends at the same time. */
  MAIL_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(4),
  /** The business's time zone: a program's end date passes at midnight here. */
  SITE_TIME_ZONE: z
    .string()
    .trim()
    .default("America/New_York")
    .refine(isTimeZone, { message: 'must be an IANA time zone such as "America/New_York"' }),
  /**
   * Pins the site's date (YYYY-MM-DD) instead of the real one: for tests that prove a status
   * changes on its date. Never set it on a live site; the server warns at start when it is set.
   */
  CLOCK_TODAY: optionalString.pipe(
    z.string().refine(isIsoDate, { message: "must be a date as YYYY-MM-DD" }).optional(),
  ),
  GA_MEASUREMENT_ID: optionalString.pipe(
    z
      .string()
      .regex(/^G-[A-Z0-9]{4,}$/, "must look like G-XXXXXXXXXX")
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
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? "environment");
    return `${name}: ${issue.message} (got ${JSON.stringify(env[name] ?? "")})`;
  });
  throw new ConfigError(problems);
}

const CONFIG_KEY = Symbol.for("solar-advisory.config");
type WithConfig = typeof globalThis & { [CONFIG_KEY]?: AppConfig };

/** The validated config of this process, parsed on first use. */
export function getConfig(): AppConfig {
  const g = globalThis as WithConfig;
  g[CONFIG_KEY] ??= parseConfig(process.env);
  return g[CONFIG_KEY];
}
