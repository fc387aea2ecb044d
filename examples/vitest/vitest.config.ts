import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // One simulator for the whole run; the `env` fixture of erp-integration-simulator/vitest hands
    // each test a clean environment on it, whichever worker runs the test and in whatever order.
    globalSetup: ['erp-integration-simulator/vitest/setup'],
    pool: 'threads',
  },
});
