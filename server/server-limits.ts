import type { Server } from "node:http";

/**
 * Limits chosen on purpose (security review L12, H1), not Node's defaults: headers must arrive
 * within 20 s and a whole request within 5 minutes (a 10 MB bill then needs 35 KB/s, a slow
 * mobile uplink; a bill upload that stalls or crawls is cut much sooner by its own idle and
 * minimum-rate limits). At most 4,000 connections: far below the process's open-file limit, so
 * sockets can never starve the database and files.
 */
const SERVER_LIMITS = {
  headersTimeout: 20_000,
  requestTimeout: 300_000,
  keepAliveTimeout: 5_000,
  maxConnections: 4_000,
} as const;

export function applyServerLimits(server: Server): void {
  Object.assign(server, SERVER_LIMITS);
}
