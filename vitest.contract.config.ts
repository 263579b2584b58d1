// The contract checks, run by `npm test` after the main suite (vitest.config.ts) has recorded its
// traffic: the traffic against GET /openapi.json, and a Redocly lint of the same document.
// No recorder here: these checks' own requests are not part of the recording.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/contract/**/*.check.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
