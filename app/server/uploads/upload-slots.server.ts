/**
 * How many bill uploads are being received at once: at most `total`, and at most `perAddress` from
 * one client address (queued ones included), so a couple of addresses cannot take every slot
 * (security review H1). An upload beyond the total waits in a short first-come queue for a slot
 * (an honest burst gets through a moment later); past `maxWaitMs`, or with the queue full, it is
 * refused as busy.
 *
 * While an upload waits, the upload in progress furthest from finishing yields its slot (decision
 * 0020), if at its recent rate it would still be arriving when the wait runs out (its remaining
 * bytes, of its Content-Length or else the largest body, take longer than `maxWaitMs`) and it has
 * been read for at least `evictAfterMs` (until then nobody is cut: it may yet speed up). Its
 * signal aborts; the holder cuts it off and releases the slot, which goes to the first in the
 * queue. An upload that would finish within the wait is never cut, so a slow trickle cannot hold
 * the form and a busy moment costs nobody a nearly finished upload.
 */
export type SlotLimits = {
  total: number;
  perAddress: number;
  maxWaitMs: number;
  maxQueue: number;
  /** Reading time before an upload's rate is judged, and it may yield its slot. */
  evictAfterMs: number;
};

export type SlotGrant = {
  ok: true;
  release: () => void;
  /** Aborted when this upload must yield its slot to a waiting one. */
  signal: AbortSignal;
  /** How far the upload is: bytes received and time spent reading (not paused by us); `done` once read. */
  report: (received: number, readingMs: number, done?: boolean) => void;
};
export type SlotRefusal = { ok: false; reason: "address" | "busy" };

type Waiter = { address: string; expected: number; grant: (slot: SlotGrant) => void; timer: NodeJS.Timeout };

/** The rate is judged over the last this much reading time (a burst at the start does not count forever). */
const RATE_WINDOW_MS = 10_000;

type Active = {
  expected: number;
  received: number;
  readingMs: number;
  done: boolean;
  /** [readingMs, received], oldest first, covering the last RATE_WINDOW_MS. */
  samples: [number, number][];
  controller: AbortController;
};

export class UploadSlots {
  private readonly active = new Set<Active>();
  private readonly byAddress = new Map<string, number>();
  private readonly queue: Waiter[] = [];
  /** Uploads told to yield whose slots have not come back yet. */
  private yielding = 0;

  constructor(readonly limits: SlotLimits) {}

  /** Uploads being received, and waiting (for tests and logs). */
  get counts() {
    return { active: this.active.size, waiting: this.queue.length };
  }

  /** `expected`: the bytes this upload will send (its Content-Length, else the largest allowed). */
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

  /** One upload told to yield for each waiting one, if some upload is slow enough to yield. */
  private makeRoom() {
    while (this.queue.length > this.yielding) {
      const slowest = this.slowest();
      if (!slowest) return;
      this.yielding++;
      slowest.controller.abort(new Error("The upload yields its slot to a waiting one"));
    }
  }

  /** The upload furthest from finishing, if beyond the wait and judged (read long enough) yet. */
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
    // Not judged before it has been read a while (it may speed up); nobody faster is cut meanwhile.
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

/** How long the rest of the upload takes at its rate over the last RATE_WINDOW_MS (Infinity: stalled). */
function remainingMs(upload: Active): number {
  const [sinceMs, since] = upload.samples[0] ?? [0, 0];
  const bytesPerMs = (upload.received - since) / (upload.readingMs - sinceMs || 1);
  const left = Math.max(0, upload.expected - upload.received);
  if (left === 0) return 0;
  return bytesPerMs > 0 ? left / bytesPerMs : Number.POSITIVE_INFINITY;
}
