/**
 * How many bill uploads are being received at once: at most `total`, and at most `perAddress` from
 * one client address (queued ones included), so a couple of addresses cannot take every slot
 * (security review H1). An upload beyond the total waits in a short first-come queue for a slot
 * (an honest burst gets through a moment later); past `maxWaitMs`, or with the queue full, it is
 * refused as busy.
 */
export type SlotLimits = { total: number; perAddress: number; maxWaitMs: number; maxQueue: number };

export type SlotGrant = { ok: true; release: () => void };
export type SlotRefusal = { ok: false; reason: "address" | "busy" };

type Waiter = { address: string; grant: (slot: SlotGrant) => void; timer: NodeJS.Timeout };

export class UploadSlots {
  private active = 0;
  private readonly byAddress = new Map<string, number>();
  private readonly queue: Waiter[] = [];

  constructor(readonly limits: SlotLimits) {}

  /** Uploads being received, and waiting (for tests and logs). */
  get counts() {
    return { active: this.active, waiting: this.queue.length };
  }

  acquire(address: string): Promise<SlotGrant | SlotRefusal> {
    const mine = this.byAddress.get(address) ?? 0;
    if (mine >= this.limits.perAddress) return Promise.resolve({ ok: false, reason: "address" });
    if (this.active < this.limits.total && this.queue.length === 0) {
      this.byAddress.set(address, mine + 1);
      this.active++;
      return Promise.resolve(this.grantFor(address));
    }
    if (this.queue.length >= this.limits.maxQueue) return Promise.resolve({ ok: false, reason: "busy" });
    this.byAddress.set(address, mine + 1);
    return new Promise((resolve) => {
      const waiter: Waiter = {
        address,
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
  }

  private grantFor(address: string): SlotGrant {
    let released = false;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        this.active--;
        this.forget(address);
        this.next();
      },
    };
  }

  private next() {
    while (this.active < this.limits.total) {
      const waiter = this.queue.shift();
      if (!waiter) return;
      clearTimeout(waiter.timer);
      this.active++;
      waiter.grant(this.grantFor(waiter.address));
    }
  }

  private forget(address: string) {
    const left = (this.byAddress.get(address) ?? 1) - 1;
    if (left > 0) this.byAddress.set(address, left);
    else this.byAddress.delete(address);
  }
}
