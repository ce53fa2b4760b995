/**
 * Per-client sliding-window limit on form submissions, in memory (one server process; with
 * several instances each counts its own share). Generous by default (30 per 10 minutes per IP)
 * so an office behind one address is never blocked, while a script is.
 */
export class RateLimiter {
  private hits = new Map<string, number[]>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private now: () => number = Date.now,
  ) {}

  /** Records a hit; false when the client is over the limit (the hit is not counted then). */
  take(key: string): { allowed: boolean; retryAfterSeconds: number } {
    const now = this.now();
    const recent = (this.hits.get(key) ?? []).filter((time) => time > now - this.windowMs);
    if (recent.length >= this.limit) {
      this.hits.set(key, recent);
      const oldest = recent[0] ?? now;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000)) };
    }
    recent.push(now);
    this.hits.set(key, recent);
    if (this.hits.size > 10_000) this.prune(now);
    return { allowed: true, retryAfterSeconds: 0 };
  }

  private prune(now: number) {
    for (const [key, times] of this.hits) if (!times.some((time) => time > now - this.windowMs)) this.hits.delete(key);
  }
}

const KEY = Symbol.for("solar-advisory.form-rate-limiter");
type WithLimiter = typeof globalThis & { [KEY]?: RateLimiter };

export function getFormRateLimiter(limit: number, windowSeconds: number): RateLimiter {
  const g = globalThis as WithLimiter;
  g[KEY] ??= new RateLimiter(limit, windowSeconds * 1000);
  return g[KEY];
}
