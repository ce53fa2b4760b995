/**
 * Caps uploads in total and per address; extra ones queue briefly. While one waits, the upload furthest from
 * finishing yields its slot if it would outlast the wait and has been read `evictAfterMs` (decision 0020).
 */
export type SlotLimits = {
  total: number;
  perAddress: number;
  maxWaitMs: number;
  maxQueue: number;
  evictAfterMs: number;
};

export type SlotGrant = {
  ok: true;
  release: () => void;
  signal: AbortSignal;
  /** `readingMs` excludes time paused by us. */
  report: (received: number, readingMs: number, done?: boolean) => void;
};
export type SlotRefusal = { ok: false; reason: "address" | "busy" };

type Waiter = { address: string; expected: number; grant: (slot: SlotGrant) => void; timer: NodeJS.Timeout };

/** So a burst at the start does not count forever. */
const RATE_WINDOW_MS = 10_000;

type Active = {
  expected: number;
  received: number;
  readingMs: number;
  done: boolean;
  samples: [number, number][];
  controller: AbortController;
};

export class UploadSlots {
  private readonly active = new Set<Active>();
  private readonly byAddress = new Map<string, number>();
  private readonly queue: Waiter[] = [];
  private yielding = 0;

  constructor(readonly limits: SlotLimits) {}

  get counts() {
    return { active: this.active.size, waiting: this.queue.length };
  }

  /** `expected`: its Content-Length, else the largest allowed body. */
  acquire(address: string, expected: number): Promise<SlotGrant | SlotRefusal> {
    const mine = this.byAddress.get(address) ?? 0;
    if (mine >= this.limits.perAddress) return Promise.resolve({ ok: false, reason: "address" });
    if (this.active.size < this.limits.total && this.queue.length === 0) {
      this.byAddress.set(address, mine + 1);
      return Promise.resolve(this.grantFor(address, expected));
    }
    if (this.queue.length >= this.limits.maxQueue) return Promise.resolve({ ok: false, reason: "busy" });
    this.byAddress.set(address, mine + 1);
    const granted = new Promise<SlotGrant | SlotRefusal>((resolve) => {
      const waiter: Waiter = {
        address,
        expected,
        grant: resolve,
        timer: setTimeout(() => {
          const index = this.queue.indexOf(waiter);
          if (index < 0) return;
          this.queue.splice(index, 1);
          this.forget(address);
          resolve({ ok: false, reason: "busy" });
        }, this.limits.maxWaitMs),
      };
      this.queue.push(waiter);
    });
    this.makeRoom();
    return granted;
  }

  private grantFor(address: string, expected: number): SlotGrant {
    const upload: Active = {
      expected,
      received: 0,
      readingMs: 0,
      done: false,
      samples: [[0, 0]],
      controller: new AbortController(),
    };
    this.active.add(upload);
    let released = false;
    return {
      ok: true,
      signal: upload.controller.signal,
      report: (received, readingMs, done = false) => {
        upload.received = received;
        upload.readingMs = readingMs;
        upload.done ||= done;
        upload.samples.push([readingMs, received]);
        while ((upload.samples[1]?.[0] ?? readingMs) <= readingMs - RATE_WINDOW_MS) upload.samples.shift();
        if (this.queue.length > this.yielding) this.makeRoom();
      },
      release: () => {
        if (released) return;
        released = true;
        this.active.delete(upload);
        if (upload.controller.signal.aborted) this.yielding--;
        this.forget(address);
        this.next();
      },
    };
  }

  private makeRoom() {
    while (this.queue.length > this.yielding) {
      const slowest = this.slowest();
      if (!slowest) return;
      this.yielding++;
      slowest.controller.abort(new Error("The upload yields its slot to a waiting one"));
    }
  }

  private slowest(): Active | null {
    let slowest: Active | null = null;
    let longest = this.limits.maxWaitMs;
    for (const upload of this.active) {
      if (upload.done || upload.controller.signal.aborted) continue;
      const ms = remainingMs(upload);
      if (ms > longest) {
        slowest = upload;
        longest = ms;
      }
    }
    // Not judged before it has been read a while: it may speed up.
    return slowest && slowest.readingMs >= this.limits.evictAfterMs ? slowest : null;
  }

  private next() {
    while (this.active.size < this.limits.total) {
      const waiter = this.queue.shift();
      if (!waiter) return;
      clearTimeout(waiter.timer);
      waiter.grant(this.grantFor(waiter.address, waiter.expected));
    }
  }

  private forget(address: string) {
    const left = (this.byAddress.get(address) ?? 1) - 1;
    if (left > 0) this.byAddress.set(address, left);
    else this.byAddress.delete(address);
  }
}

function remainingMs(upload: Active): number {
  const [sinceMs, since] = upload.samples[0] ?? [0, 0];
  const bytesPerMs = (upload.received - since) / (upload.readingMs - sinceMs || 1);
  const left = Math.max(0, upload.expected - upload.received);
  if (left === 0) return 0;
  return bytesPerMs > 0 ? left / bytesPerMs : Number.POSITIVE_INFINITY;
}
