import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // No prerendering: a build must never open the embedded database (see the stack notes).
} satisfies Config;
