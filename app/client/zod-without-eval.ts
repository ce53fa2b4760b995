import { z } from "zod";

// zod's `new Function` probe is refused and reported by our CSP (no 'unsafe-eval', decision 0008).
// The server keeps zod's faster compiled parsers.
if (typeof document !== "undefined") z.config({ jitless: true });
