import { expect, test } from '../fixtures.ts';
import { createEnv, expectAccessible, expectNoOverflow, shot } from './helpers.ts';

test('every view, in light and dark, has no serious or critical accessibility violation', async ({ page }) => {
  const key = await createEnv(page, 'receivables', 'Axe');
  // Snapshots and Lessons run axe in light and dark in their own specs (snapshots.spec.ts, lessons.spec.ts).
  const views = [`#/envs/${key}`, `#/console/${key}`, `#/data/${key}`, '#/errors'];
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => localStorage.setItem('erp-sim:theme', t), theme);
    for (const hash of views) {
      await page.goto(`/${hash}`);
      await page.reload();
      await expect(page.getByTestId('worker-status')).toHaveText('Service worker: ready');
      // The view has loaded its data: no request in flight, nothing marked busy.
      await page.waitForLoadState('networkidle');
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await expectAccessible(page, `${theme} ${hash}`, '.monaco-editor');
      await shot(page, `view-${theme}-${hash.split('/')[1]}`);
    }
  }
});

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
