import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium (never a downloaded browser) against the production build
 * served by `vite preview`, so every /sim request goes through the real service worker.
 * `npm test` builds first; when iterating: `npm run build && npx playwright test`.
 */
export default defineConfig({
  testDir: 'e2e',
  // Playwright empties its outputDir when it starts: a folder of its own keeps the unit-test report
  // (test-results/vitest.json) and the screenshots (test-results/screenshots) alive.
  outputDir: 'test-results/playwright',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two files at a time in CI (one per core; each worker has its own browser, so service workers and
  // storage never mix): the suite would otherwise take most of CI's 40 minutes. One when iterating.
  workers: process.env.CI ? 2 : 1,
  // In CI a test that fails is run once more and reported as flaky (test-results/playwright.json), so
  // one timing-dependent failure under two workers does not hide the rest of the run. Its expectations
  // are unchanged; a flaky test is a bug to find (the console's share notice once went missing).
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  projects: [
    { name: 'main', grepInvert: /@alone/ },
    // A test that times the page's main thread (tagged @alone) runs after the rest, by itself: beside
    // another worker's browser on the two cores, its timer measured the machine (a timer 313 ms late
    // with no task longer than 117 ms; 62 ms in the next run of the same code).
    // By itself: npx playwright test --project=alone --no-deps
    { name: 'alone', grep: /@alone/, dependencies: ['main'] },
  ],
  use: {
    baseURL: 'http://127.0.0.1:4173',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: [
    {
      command: 'npx vite preview --host 127.0.0.1 --port 4173 --strictPort',
      url: 'http://127.0.0.1:4173',
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
    {
      // The same app built for a sub-path deployment (npm run build:subpath).
      command: 'SIM_BASE=/erp-sim/ npx vite preview --outDir dist-subpath --host 127.0.0.1 --port 4174 --strictPort',
      url: 'http://127.0.0.1:4174/erp-sim/',
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
  ],
});
