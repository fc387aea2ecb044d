/**
 * The header's views as a person reaches them: a group's menu (a menu button, WAI-ARIA pattern) or
 * a plain link for a group of one view. Every spec that moves through the header goes through these
 * helpers, so the next change of the header is made here once. The groups are the app's own list
 * (src/app/lib/nav.ts).
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { NAV_GROUPS, type NavGroup } from '../src/app/lib/nav.ts';

export { NAV_GROUPS };

/** The header's navigation landmark. */
export const viewsNav = (page: Page): Locator => page.getByRole('navigation', { name: 'Views' });

/** The header's top-level entries: group buttons and plain links. */
export const topEntries = (page: Page): Locator => viewsNav(page).locator(':scope > a, :scope > div > button');

/** Every view's title in the header, trainer's view included when asked for. */
export function viewTitles(opts: { trainer?: boolean } = {}): string[] {
  return NAV_GROUPS.filter((g) => !g.trainerOnly || opts.trainer).flatMap((g) => g.items.map((i) => i.title));
}

function groupOf(title: string): NavGroup {
  const group = NAV_GROUPS.find((g) => g.items.some((i) => i.title === title));
  if (!group) throw new Error(`No view titled ${title} in the header`);
  return group;
}

const single = (g: NavGroup) => g.items.length === 1;

/** The group's menu button. */
export const groupButton = (page: Page, label: string): Locator => viewsNav(page).getByRole('button', { name: label });

/** Open a view with the mouse: its group's menu, then the view (or the group's own link). */
export async function openView(page: Page, title: string): Promise<void> {
  const group = groupOf(title);
  if (single(group)) {
    await viewsNav(page).getByRole('link', { name: title, exact: true }).click();
  } else {
    await groupButton(page, group.label).click();
    await page.getByRole('menu', { name: group.label }).getByRole('menuitem', { name: title, exact: true }).click();
  }
  await expectCurrent(page, title);
}

/**
 * Open a view with the keyboard only: Tab from the logo to the group's button, ArrowDown opens its
 * menu on the first view, ArrowDown again to the view, Enter follows it.
 */
export async function openViewByKeyboard(page: Page, title: string): Promise<void> {
  const group = groupOf(title);
  await page.getByTestId('logo').focus();
  const entries = topEntries(page);
  const labels = (await entries.allTextContents()).map((t) => t.replace('▾', '').trim());
  const index = labels.indexOf(group.label);
  expect(index, `${group.label} in the header`).toBeGreaterThanOrEqual(0);
  for (let i = 0; i <= index; i++) await page.keyboard.press('Tab');
  await expect(entries.nth(index)).toBeFocused();
  if (single(group)) {
    await page.keyboard.press('Enter');
  } else {
    await page.keyboard.press('ArrowDown');
    const menu = page.getByRole('menu', { name: group.label });
    await expect(menu.getByRole('menuitem').first()).toBeFocused();
    const at = group.items.findIndex((i) => i.title === title);
    for (let i = 0; i < at; i++) await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem').nth(at)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(menu).toBeHidden();
    // The focus comes back to the group's button (the menu button pattern).
    await expect(entries.nth(index)).toBeFocused();
  }
  await expectCurrent(page, title);
}

/** The header marks the view as current: its link, or its group's button. */
export async function expectCurrent(page: Page, title: string): Promise<void> {
  const group = groupOf(title);
  if (single(group)) await expect(viewsNav(page).getByRole('link', { name: title, exact: true })).toHaveAttribute('aria-current', 'page');
  else await expect(groupButton(page, group.label)).toHaveAttribute('aria-current', 'true');
  const view = group.items.find((i) => i.title === title)?.view;
  await expect(page).toHaveURL(new RegExp(`#/${view}(/|\\?|$)`));
}
