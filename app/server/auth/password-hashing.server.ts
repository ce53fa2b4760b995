import { AsyncLocalStorage } from "node:async_hooks";
import { hashPassword, verifyPassword } from "better-auth/crypto";
import { networkOf } from "./address-network.server";

/** scrypt takes a thread-pool slot and a core: uncapped, concurrent sign-ins stalled pages and uploads. */
export class HashingBusyError extends Error {
  constructor() {
    super("Too many password checks at once");
    this.name = "HashingBusyError";
  }
}

/** `known`: an address or network the account signed in from lately, a signed-in person or a reset link. */
export type HashStanding = "trusted" | "known" | "unknown";
export type HashTicket = { standing: HashStanding; address?: string };

const RANK: Record<HashStanding, number> = { trusted: 0, known: 1, unknown: 2 };
const tickets = new AsyncLocalStorage<HashTicket>();
const NO_TICKET: HashTicket = { standing: "known" };

export function withHashTicket<T>(ticket: HashTicket, work: () => Promise<T>): Promise<T> {
  return tickets.run(ticket, work);
}

export type PasswordHashing = {
  hash(password: string): Promise<string>;
  verify(data: { hash: string; password: string }): Promise<boolean>;
  running(): number;
};

const HASH_QUEUE = { length: 4, waitMs: 3_000 };

type Waiting = { ticket: HashTicket; start: () => void; refuse: () => void };

export function cappedPasswordHashing(atOnce: number, queue = HASH_QUEUE): PasswordHashing {
  let running = 0;
  const waiting: Waiting[] = [];
  const sameSource = (a: HashTicket, b: HashTicket) =>
    a.address !== undefined && b.address !== undefined && networkOf(a.address) === networkOf(b.address);
  function leave(entry: Waiting) {
    const at = waiting.indexOf(entry);
    if (at >= 0) waiting.splice(at, 1);
  }
  function makeRoom(ticket: HashTicket): boolean {
    let victim: Waiting | undefined;
    for (const entry of waiting) {
      if (RANK[entry.ticket.standing] >= RANK[victim?.ticket.standing ?? ticket.standing]) victim = entry;
    }
    if (!victim || RANK[victim.ticket.standing] <= RANK[ticket.standing]) return false;
    leave(victim);
    victim.refuse();
    return true;
  }
  function acquire(ticket: HashTicket): Promise<void> {
    if (running < atOnce) {
      running++;
      return Promise.resolve();
    }
    const crowding =
      ticket.standing === "unknown" &&
      waiting.some((entry) => entry.ticket.standing === "unknown" && sameSource(entry.ticket, ticket));
    if (crowding || (waiting.length >= queue.length && !makeRoom(ticket))) {
      return Promise.reject(new HashingBusyError());
    }
    return new Promise((resolve, reject) => {
      const entry: Waiting = {
        ticket,
        start: () => {
          clearTimeout(timer);
          resolve();
        },
        refuse: () => {
          clearTimeout(timer);
          reject(new HashingBusyError());
        },
      };
      const timer = setTimeout(() => {
        leave(entry);
        reject(new HashingBusyError());
      }, queue.waitMs);
      waiting.push(entry);
    });
  }
  function release() {
    let next: Waiting | undefined;
    for (const entry of waiting) {
      if (!next || RANK[entry.ticket.standing] < RANK[next.ticket.standing]) next = entry;
    }
    if (!next) {
      running--;
      return;
    }
    leave(next);
    next.start();
  }
  async function gated<T>(work: () => Promise<T>): Promise<T> {
    await acquire(tickets.getStore() ?? NO_TICKET);
    try {
      return await work();
    } finally {
      release();
    }
  }
  return {
    hash: (password) => gated(() => hashPassword(password)),
    verify: ({ hash, password }) => gated(() => verifyPassword({ hash, password })),
    running: () => running,
  };
}
