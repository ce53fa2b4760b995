import { z } from "zod";

/**
 * In the browser (the hydrated staff app), zod parses without compiling code: where it can, zod
 * builds its object parsers with `new Function`, and its probe for that is refused, and reported,
 * by the script policy, which has no 'unsafe-eval' (decision 0008). Imported by app/root.tsx
 * before any route module creates a schema. The server keeps zod's faster compiled parsers.
 */
if (typeof document !== "undefined") z.config({ jitless: true });
