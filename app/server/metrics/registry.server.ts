import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { errorFields, log } from "../log.server";

/** Counters are per process: Prometheus sums the instances. */
export const metricsRegistry = new Registry();

collectDefaultMetrics({ register: metricsRegistry });

export const httpRequestDuration = new Histogram({
  name: "solar_http_request_duration_seconds",
  help: "Requests by method, route pattern (never the raw URL) and status, with their durations",
  labelNames: ["method", "route", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [metricsRegistry],
});

export const leadsAccepted = new Counter({
  name: "solar_leads_accepted_total",
  help: "Leads stored (their transaction committed), by kind",
  labelNames: ["kind"] as const,
  registers: [metricsRegistry],
});

export const htmlCacheLookups = new Counter({
  name: "solar_html_cache_lookups_total",
  help: "Cacheable page requests: hit (from memory), miss (rendered and stored), bypass (rendered, not storable)",
  labelNames: ["result"] as const,
  registers: [metricsRegistry],
});

export const webhookAttemptFailures = new Counter({
  name: "solar_webhook_delivery_failures_total",
  help: "Webhook posts that failed: retried (will be tried again) or failed (given up)",
  labelNames: ["outcome"] as const,
  registers: [metricsRegistry],
});

/** `read` returns null when there is nothing true to say: no sample rather than a made-up value. */
export function addScrapeGauge(name: string, help: string, read: () => number | null | Promise<number | null>): void {
  new Gauge({
    name,
    help,
    registers: [metricsRegistry],
    async collect() {
      // One failing reader must not cost the whole scrape (a 500 hides every other metric).
      const value = await Promise.resolve()
        .then(read)
        .catch((error: unknown) => {
          log.warn({ ...errorFields(error), metric: name }, "A metric could not be read");
          return null;
        });
      // Unset: prom-client would print an unlabelled gauge as 0, which would look like a fact.
      if (value === null) this.remove();
      else this.set(value);
    },
  });
}
