import type { Server } from "node:http";

/**
 * Headers within 20 s, a request within 5 min (a 10 MB bill at 35 KB/s); 4,000 connections stays far
 * below the open-file limit, so sockets cannot starve the database and files.
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
