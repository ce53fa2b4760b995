import { isDatabaseUnavailable } from "../db/availability.server";
import { reportError } from "../error-reporting.server";
import { errorFields, log } from "../log.server";

/**
 * Polls the outbox in the background; `kick()` asks for a run soon (after a form is stored).
 * `run` receives a signal that is aborted by `stop()`: pass it to `deliverDueEmails`.
 */
export class OutboxWorker {
  private timer: NodeJS.Timeout | null = null;
  /** When the pending timer fires (Date.now() clock). */
  private dueAt = 0;
  private running: Promise<void> | null = null;
  private stopped = false;
  /** The last run failed because the database was unreachable (decision 0015). */
  private databaseDown = false;
  private abort = new AbortController();

  constructor(
    private readonly run: (signal: AbortSignal) => Promise<unknown>,
    private readonly intervalMs: number,
    /** The job's name in error reports ("Mail outbox", "Webhook delivery"). */
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

  /**
   * A database outage is said (and reported) once (the pages and /readyz say it too), then
   * quietly retried every poll until it answers; any other failure is an error every time.
   */
  private report(error: unknown): void {
    if (isDatabaseUnavailable(error) && this.databaseDown) {
      return void log.debug(errorFields(error), "Outbox: database still unreachable");
    }
    reportError(error, { job: this.job });
    if (!isDatabaseUnavailable(error)) return void log.error(errorFields(error), "Outbox delivery error");
    this.databaseDown = true;
    log.error(errorFields(error), "Outbox paused: the database is unreachable; retrying every poll");
  }

  /**
   * Never postpones a run already due sooner: under a steady stream of leads each kick used to
   * push the next run back, and nothing was sent until the stream stopped (review N12).
   */
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

  /** Stops polling, ends the run after the messages in flight, and waits for it, at most `timeoutMs`. */
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

/** Ask the running worker (if any) to deliver soon: called after a lead is stored. */
export function kickOutbox(): void {
  registered?.kick();
}
