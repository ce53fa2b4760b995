import { isDatabaseUnavailable } from "../db/availability.server";
import { reportError } from "../error-reporting.server";
import { errorFields, log } from "../log.server";

export class OutboxWorker {
  private timer: NodeJS.Timeout | null = null;
  private dueAt = 0;
  private running: Promise<void> | null = null;
  private stopped = false;
  /** The last run failed because the database was unreachable (decision 0015). */
  private databaseDown = false;
  private abort = new AbortController();

  constructor(
    private readonly run: (signal: AbortSignal) => Promise<unknown>,
    private readonly intervalMs: number,
    private readonly job = "Outbox",
  ) {}

  start(): void {
    this.stopped = false;
    this.abort = new AbortController();
    this.schedule(0);
  }

  kick(): void {
    if (!this.stopped) this.schedule(50);
  }

  /** A database outage is reported once, then retried quietly every poll; any other failure every time. */
  private report(error: unknown): void {
    if (isDatabaseUnavailable(error) && this.databaseDown) {
      return void log.debug(errorFields(error), "Outbox: database still unreachable");
    }
    reportError(error, { job: this.job });
    if (!isDatabaseUnavailable(error)) return void log.error(errorFields(error), "Outbox delivery error");
    this.databaseDown = true;
    log.error(errorFields(error), "Outbox paused: the database is unreachable; retrying every poll");
  }

  /** Never postpones a run due sooner, or a steady stream of kicks would delay sending until it stopped. */
  private schedule(delay: number): void {
    const dueAt = Date.now() + delay;
    if (this.timer) {
      if (this.dueAt <= dueAt) return;
      clearTimeout(this.timer);
    }
    this.dueAt = dueAt;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.tick();
    }, delay);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (this.running) {
      this.schedule(this.intervalMs);
      return;
    }
    this.running = this.run(this.abort.signal)
      .then(() => {
        if (this.databaseDown) log.info("Outbox: the database answers again; delivering");
        this.databaseDown = false;
      })
      .catch((error) => this.report(error))
      .finally(() => {
        this.running = null;
      });
    await this.running;
    if (!this.stopped) this.schedule(this.intervalMs);
  }

  async stop(timeoutMs = 10_000): Promise<void> {
    this.stopped = true;
    this.abort.abort();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await Promise.race([this.running, new Promise((resolve) => setTimeout(resolve, timeoutMs).unref())]);
  }
}

let registered: OutboxWorker | undefined;

export function registerOutboxWorker(worker: OutboxWorker | undefined): void {
  registered = worker;
}

export function kickOutbox(): void {
  registered?.kick();
}
