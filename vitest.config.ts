import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The packed package needs the builds first: npm run test:package (scripts/test.sh runs it after them).
    exclude: ['test/package/**', 'node_modules/**'],
    setupFiles: ['test/setup.ts'],
    testTimeout: 20_000,
    pool: 'threads',
  },
});
