// Every view's axe check, in both themes and at two widths, is the sweep in every-view.spec.ts.
import { expect, test } from '../fixtures.ts';
import { createEnv, expectNoOverflow, shot } from './helpers.ts';

test('narrow screens keep every view usable', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const key = await createEnv(page, 'odata', 'Phone');
  for (const hash of [`#/envs/${key}`, `#/console/${key}`, `#/data/${key}`, '#/errors', `#/snapshots/${key}`, `#/lessons/${key}`, '#/lessons/trainer']) {
    await page.goto(`/${hash}`);
    await expect(page.getByTestId('worker-status')).toHaveText('Service worker: ready');
    // Measure the loaded view (tables, records, examples), not its loading state.
    await page.waitForLoadState('networkidle');
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectNoOverflow(page, hash);
    await shot(page, `mobile-${hash.split('/')[1]}`);
  }
});

test('keyboard: Alt+digit switches views and the skip link reaches the content', async ({ page }) => {
  const key = await createEnv(page, 'odata', 'Keys');
  await page.keyboard.press('Alt+2');
  await expect(page).toHaveURL(new RegExp(`#/console/${key}`));
  await page.keyboard.press('Alt+4');
  await expect(page).toHaveURL(/#\/errors/);
  await page.keyboard.press('Alt+1');
  await expect(page).toHaveURL(/#\/envs/);
  await page.reload();
  await expect(page.getByTestId('worker-status')).toHaveText('Service worker: ready');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
});
