import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // One simulator for the whole run; every test file (each in its own worker thread) makes its
    // own environments on it.
    globalSetup: ['./test/global-setup.ts'],
    pool: 'threads',
  },
});
