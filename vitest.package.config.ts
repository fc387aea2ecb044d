import { defineConfig } from 'vitest/config';

// The packed package in a fresh project (test/package, issue 21 § 4): npm install and child
// processes, so generous bounds; run after the builds (npm run test:package, scripts/test.sh).
export default defineConfig({
  test: {
    include: ['test/package/**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 300_000,
    pool: 'forks',
  },
});
