import { isDatabaseUnavailable } from "../db/availability.server";
import type { AppDatabase } from "../db/client.server";
import { reportError } from "../error-reporting.server";
import { errorFields, log } from "../log.server";
import { DeliveryLanes, WEBHOOK_DELIVERY_JOB } from "./webhook-delivery.server";

/** Unlike the mail worker, a kick never waits for the run in progress: a hanging receiver holds only its own lane. */
export class WebhookWorker {
  private timer: NodeJS.Timeout | null = null;
  private readonly abort = new AbortController();
  private readonly lanes: DeliveryLanes;
  /** A database outage is reported once, then quietly retried (decision 0015). */
  private databaseDown = false;

  constructor(
    db: AppDatabase,
    private readonly pollMs: number,
  ) {
    this.lanes = new DeliveryLanes(db, { signal: this.abort.signal, onError: (error) => this.report(error) });
  }

  start(): void {
    this.kick();
    this.timer = setInterval(() => this.kick(), this.pollMs);
    this.timer.unref();
  }

  kick(): void {
    if (this.abort.signal.aborted) return;
    void this.lanes.fill().then(() => {
      if (this.databaseDown) log.info("Webhooks: the database answers again; delivering");
      this.databaseDown = false;
    });
  }

  private report(error: unknown): void {
    if (isDatabaseUnavailable(error)) {
      if (this.databaseDown) return;
      this.databaseDown = true;
    }
    reportError(error, { job: WEBHOOK_DELIVERY_JOB });
    log.error(errorFields(error), "Webhook delivery error");
  }

  async stop(timeoutMs = 10_000): Promise<void> {
    this.abort.abort();
    if (this.timer) clearInterval(this.timer);
    await Promise.race([this.lanes.idle(), new Promise((resolve) => setTimeout(resolve, timeoutMs).unref())]);
  }
}
