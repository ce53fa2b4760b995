// drizzle-kit reads every table from here: a new file in this folder must be re-exported below.
export * from "./analytics";
export * from "./auth";
export * from "./content";
export * from "./content-editor";
export * from "./lead-work";
export * from "./leads";
export * from "./mail";
export * from "./operations";
export * from "./webhooks";
