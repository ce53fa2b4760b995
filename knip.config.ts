import type { KnipConfig } from "knip";

// knip's plugins find most entries: routes.ts and the route modules, the vite, vitest and
// playwright configs, test files, and the scripts of package.json.
export default {
  entry: [
    // The public pages' script: built by page-script-bundle.ts from this path, imported by nothing.
    "app/client/enhance/main.ts",
    // Run by hand (`node --import tsx scripts/….ts`, see docs/testing.md), not from package.json.
    "scripts/bench/interleaved.ts",
    "scripts/bench/submissions.ts",
    "scripts/pvwatts/validate.ts",
    "scripts/pvwatts/located.ts",
  ],
  project: [
    // CSS too: app.css's `@import "tailwindcss"` is the package's one use.
    "**/*.{js,ts,tsx,css}",
    // A fake app tree that scripts/check-layers.test.ts points the layer check at.
    "!scripts/fixtures/**",
  ],
  // tests/cluster/cluster.ts makes its TLS certificate with the system's openssl.
  ignoreBinaries: ["openssl"],
  // Route modules import `./+types/<route>`, which `react-router typegen` (run by `npm run
  // typecheck`) writes to .react-router/types. `npm test` runs lint beside typecheck, and typegen
  // empties that folder first: whether it is there while knip reads is a race, so these imports are
  // never reported (typecheck proves them). Config hints are warnings for the same reason.
  ignoreUnresolved: [/^\.\/\+types\//],
} satisfies KnipConfig;
