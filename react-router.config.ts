import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Middleware guards the staff area: one check on the admin layout covers every child loader,
  // action and file (docs/decisions/0007). The load context is a typed RouterContextProvider.
  future: { v8_middleware: true },
  // No prerendering: a build must never open the embedded database (see the stack notes).
} satisfies Config;
