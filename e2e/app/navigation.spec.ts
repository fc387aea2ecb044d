// The header's navigation (issue 37 § 1 and its "Done when"): at 1366 and 800 px, light and dark,
// at most 6 top-level entries in one row, each group a menu button that works from the keyboard
// (WAI-ARIA menu button: aria-haspopup, aria-expanded, arrows, Escape, the focus back on the
// button), every view reached by mouse and by keyboard, no sideways scrolling, axe clean with a menu
// open too; the host badge, the connection state and the environment picker in one compact row.
// Old `#/` links (every view id the router knows) still open their view, and the bare address opens
// the start page on a first visit and the last view on a return (§ 2).
import { expect, test } from '../fixtures.ts';
import type { Page } from '@playwright/test';
import { VIEWS } from '../../src/app/lib/views.ts';
import { createEnv, expectAccessible, expectNoOverflow, shot } from './helpers.ts';
import { NAV_GROUPS, expectCurrent, groupButton, openView, openViewByKeyboard, topEntries, viewTitles } from '../nav.ts';

const WIDTHS = [1366, 800] as const;
const THEMES = ['light', 'dark'] as const;

/** The boxes of a set of elements: their tops within a few px (one row) and inside the viewport. */
async function oneRow(page: Page, testids: string[] | null, label: string): Promise<void> {
  const boxes = testids ? await Promise.all(testids.map(async (id) => (await page.getByTestId(id).boundingBox())!)) : await Promise.all((await topEntries(page).all()).map(async (l) => (await l.boundingBox())!));
  const width = page.viewportSize()?.width ?? 0;
  const centres = boxes.map((b) => b.y + b.height / 2);
  expect(Math.max(...centres) - Math.min(...centres), `${label}: one row`).toBeLessThanOrEqual(4);
  for (const b of boxes) expect(b.x + b.width, `${label}: inside the window`).toBeLessThanOrEqual(width);
}

test('the header at 1366 and 800 px, light and dark: ≤ 6 entries in one row, every view by mouse and keyboard, no sideways scrolling, axe clean', async ({ page }) => {
  test.setTimeout(240_000);
  const key = await createEnv(page, 'receivables', 'Header');
  for (const theme of THEMES) {
    await page.evaluate((t) => localStorage.setItem('erp-sim:theme', t), theme);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/#/envs/${key}`);
      await page.reload();
      await expect(page.getByTestId('worker-status')).toHaveText('Service worker: ready');
      const label = `${theme} ${width}`;
      // § 1: at most 6 top-level entries (no trainer here: Explore, Learn, Test, Environments), one row.
      const entries = topEntries(page);
      expect(await entries.count(), label).toBeLessThanOrEqual(6);
      expect((await entries.allTextContents()).map((t) => t.replace('▾', '').trim())).toEqual(['Explore', 'Learn', 'Test', 'Environments']);
      await oneRow(page, null, `${label} header entries`);
      // § 1: the host badge, the connection state and the environment picker: one compact row.
      await oneRow(page, ['host-badge', 'connection', 'env-select'], `${label} tools`);
      await expectNoOverflow(page, label);

      // Each group's menu, open: the ARIA of a menu button, nothing scrolls sideways, axe clean.
      for (const group of NAV_GROUPS.filter((g) => g.items.length > 1)) {
        const button = groupButton(page, group.label);
        await expect(button).toHaveAttribute('aria-haspopup', 'menu');
        await expect(button).toHaveAttribute('aria-expanded', 'false');
        await button.click();
        await expect(button).toHaveAttribute('aria-expanded', 'true');
        const menu = page.getByRole('menu', { name: group.label });
        await expect(menu.getByRole('menuitem')).toHaveText(group.items.map((i) => new RegExp(`^${i.title}`)));
        await expectNoOverflow(page, `${label} ${group.label} menu`);
        await expectAccessible(page, `${label} ${group.label} menu`);
        if (group.label === 'Explore') await shot(page, `navigation-menu-${theme}-${width}`);
        // Escape closes it and gives the focus back to its button.
        await menu.getByRole('menuitem').first().focus();
        await page.keyboard.press('Escape');
        await expect(menu).toBeHidden();
        await expect(button).toBeFocused();
        await expect(button).toHaveAttribute('aria-expanded', 'false');
      }

      // Every view by mouse, then by keyboard; the current view's group is marked.
      for (const title of viewTitles()) {
        await openView(page, title);
        await expect(page.locator('main h2, main [data-testid="send"]').first()).toBeVisible();
        await expectNoOverflow(page, `${label} ${title}`);
      }
      for (const title of viewTitles()) await openViewByKeyboard(page, title);
      await shot(page, `navigation-${theme}-${width}`);
    }
  }
});

test('inside a menu: ArrowUp from the button opens on the last view, Home, End and a first letter move, Tab leaves and closes it', async ({ page }) => {
  const key = await createEnv(page, 'receivables', 'Menu keys');
  await page.goto(`/#/envs/${key}`);
  const testGroup = groupButton(page, 'Test');
  await testGroup.focus();
  await page.keyboard.press('ArrowUp');
  const menu = page.getByRole('menu', { name: 'Test' });
  await expect(menu.getByRole('menuitem', { name: 'Snapshots' })).toBeFocused();
  await page.keyboard.press('Home');
  await expect(menu.getByRole('menuitem', { name: 'Journal' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(menu.getByRole('menuitem', { name: 'Snapshots' })).toBeFocused();
  await page.keyboard.press('ArrowDown'); // wraps
  await expect(menu.getByRole('menuitem', { name: 'Journal' })).toBeFocused();
  await page.keyboard.press('c');
  await expect(menu.getByRole('menuitem', { name: 'Collections' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(menu).toBeHidden();
  // Enter and Space on the button open it too (a button's own activation).
  await testGroup.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Space');
  await expect(menu).toBeVisible();
  // A click elsewhere closes it.
  await page.locator('main').click({ position: { x: 5, y: 5 } });
  await expect(menu).toBeHidden();
  // The Alt+key shortcuts still switch views, and the header follows.
  await page.keyboard.press('Alt+7');
  await expectCurrent(page, 'Journal');
});

test('old #/ links open their view: every view id the router knows, with and without an environment', async ({ page }) => {
  test.setTimeout(120_000);
  const key = await createEnv(page, 'receivables', 'Old links');
  const titleOf = (view: string) => NAV_GROUPS.flatMap((g) => g.items).find((i) => i.view === view)?.title;
  for (const view of VIEWS) {
    for (const hash of [`#/${view}`, `#/${view}/${key}`]) {
      await page.goto(`/${hash}`);
      await expect(page.getByTestId('worker-status')).toHaveText('Service worker: ready');
      await expect(page.locator('main h2, main [data-testid="send"]').first(), hash).toBeVisible();
      await expect(page.locator('main [role="alert"]'), hash).toHaveCount(0);
      const title = titleOf(view);
      if (title && view !== 'trainer') await expectCurrent(page, title);
      if (view === 'start') await expect(page.getByRole('heading', { name: 'Where do you want to start?' })).toBeVisible();
      if (view === 'join') await expect(page.getByRole('heading', { name: "Join links work on a class's shared host" })).toBeVisible();
      if (view === 'trainer') await expect(page.getByRole('heading', { name: 'Trainer', level: 2 })).toBeVisible();
    }
  }
  // The deep links the docs and bookmarks use.
  await page.goto(`/#/data/${key}/receivablesInvoices`);
  await expectCurrent(page, 'Data');
  await expect(page.locator('main table').first()).toBeVisible();
  await page.goto('/#/errors?q=SIM-1000');
  await expect(page.locator('tr[data-code="SIM-1000"]').first()).toBeVisible();
});

test('the bare address: the start page on a first visit, the last view on a return, the logo back to the start page', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Where do you want to start?' })).toBeVisible();
  await expect(page.getByTestId('logo')).toHaveAttribute('aria-current', 'page');
  const key = await createEnv(page, 'odata', 'Return');
  await page.goto(`/#/journal/${key}`);
  await expect(page.getByRole('heading', { name: 'Journal', level: 2 })).toBeVisible();
  await page.goto('about:blank');
  await page.goto('/');
  await expect(page).toHaveURL(new RegExp(`#/journal/${key}$`));
  await expectCurrent(page, 'Journal');
  await page.getByTestId('logo').click();
  await expect(page).toHaveURL(/#\/start$/);
  await expect(page.getByRole('heading', { name: 'Where do you want to start?' })).toBeVisible();
  // The start page itself is never where a return lands: the view before it is.
  await page.goto('about:blank');
  await page.goto('/');
  await expect(page).toHaveURL(new RegExp(`#/journal/${key}$`));
});
