/**
 * The `test` every end-to-end spec imports: Playwright's, with one automatic fixture that fails the
 * test on an uncaught page error or a console error in any page it opened, including pages of
 * contexts the test makes itself (`browser.newContext()`). A test that provokes a console error on
 * purpose lists it with `test.use({ allowedConsoleErrors: [/…/] })`.
 */
import { expect, test as base, type BrowserContext, type Page } from '@playwright/test';

/**
 * Chromium logs every fetch that answers 4xx/5xx as "Failed to load resource": the playground sends
 * refusals on purpose, so those lines are the network's, not the page's.
 */
const NETWORK_NOISE = /^Failed to load resource: /;

export const test = base.extend<{ allowedConsoleErrors: RegExp[]; pageErrors: void }>({
  allowedConsoleErrors: [[], { option: true }],
  pageErrors: [
    async ({ context, browser, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      const watchPage = (page: Page) => {
        page.on('pageerror', (e) => errors.push(`page error on ${page.url()}: ${e.stack ?? e.message}`));
        page.on('console', (m) => {
          if (m.type() !== 'error') return;
          const text = m.text();
          if (NETWORK_NOISE.test(text) || allowedConsoleErrors.some((r) => r.test(text))) return;
          errors.push(`console error on ${page.url()}: ${text}`);
        });
      };
      const watchContext = (c: BrowserContext) => {
        c.pages().forEach(watchPage);
        c.on('page', watchPage);
      };
      watchContext(context);
      // Contexts the test opens itself (a second user, a trainee) are watched as well.
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args: Parameters<typeof browser.newContext>) => {
        const c = await newContext(...args);
        watchContext(c);
        return c;
      };
      await use();
      browser.newContext = newContext;
      expect(errors, 'uncaught page errors and console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
