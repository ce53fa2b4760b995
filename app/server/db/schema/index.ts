/**
 * One schema for PGlite and PostgreSQL. Content tables carry a natural `slug`/`key` so the seed
 * can insert missing rows idempotently without touching rows staff may have edited.
 */

// Split by area; importers and drizzle-kit (drizzle.config.ts) read every table from here, so a
// new file of this folder is re-exported below or neither sees its tables.
export * from "./analytics";
export * from "./auth";
export * from "./content";
export * from "./content-editor";
export * from "./lead-work";
export * from "./leads";
export * from "./mail";
export * from "./operations";
export * from "./webhooks";
