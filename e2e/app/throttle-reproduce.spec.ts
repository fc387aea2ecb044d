// OD-429-THROTTLED reproduced in one click (issue 39 § 3: "every new answer ... has a catalog entry,
// reproducible in one click"; § 2: the real-limits profile is opt-in per environment), and the
// console's "send N times" it rests on: a tally of the statuses, a cancel, a stop at the first error,
// and a repeat that misses its status saying why.
import { expect, test } from '../fixtures.ts';
import { pageFetch } from '../foundation/helpers.ts';
import { createEnv, expectAccessible, responseStatus, shot } from './helpers.ts';

test('Reproduce OD-429-THROTTLED: asks before switching the real-limits profile on, sends the read until the 429, shows Retry-After, and offers switching back (issue 39 § 2, § 3)', async ({ page }) => {
  test.setTimeout(120_000);
  const key = await createEnv(page, 'odata', 'Throttle');
  await page.getByRole('button', { name: 'I have copied them' }).click();

  await page.goto('/#/errors');
  await page.getByTestId('error-search').fill('OD-429-THROTTLED');
  const row = page.locator('tr[data-code="OD-429-THROTTLED"]');
  await expect(row.getByTestId('not-reproducible')).toHaveCount(0);
  await row.getByTestId('reproduce').click();

  // Consent first: nothing is switched or sent before the user agrees.
  const consent = page.getByTestId('limits-consent');
  await expect(consent).toBeVisible();
  await expect(consent).toContainText('This answer needs the real-limits profile on Throttle. Switch it on?');
  await expect(consent).toContainText('100 calls a minute');
  await shot(page, 'throttle-consent');
  expect((await pageFetch(page, `/sim/_admin/environments/${key}/limits`)).body).toMatchObject({ profile: 'spec' });
  await consent.getByRole('button', { name: 'Switch it on and reproduce' }).click();

  await expect(page).toHaveURL(new RegExp(`#/console/${key}`));
  await expect(page.getByTestId('console-note')).toContainText('Throttle now runs the real-limits profile, as you agreed');
  const summary = page.getByTestId('repeat-summary');
  await expect(summary).toContainText('Sent 101: 100 × 200, 1 × 429.', { timeout: 60_000 });
  await expect(summary).toContainText(/Retry-After: \d+/);
  expect(await responseStatus(page)).toBe(429);
  await expect(page.getByTestId('error-explain').locator('h2')).toHaveText('OD-429-THROTTLED Too many requests (real-limits profile)');
  await expect(page.getByTestId('repeat-why')).toHaveCount(0);
  const offer = page.getByTestId('limits-offer');
  await expect(offer).toHaveAttribute('data-profile', 'real-product');
  await expect(offer).toContainText('Throttle runs the real-limits profile');
  await shot(page, 'throttle-reproduced');
  await expectAccessible(page, 'console after the throttle reproduction', '.monaco-editor');
  await page.getByTestId('response').getByRole('tab', { name: /^Headers/ }).click();
  await expect(page.getByTestId('response-body')).toContainText('retry-after');

  // Switching back says what it changes, and the environment runs the spec profile again.
  await offer.getByTestId('limits-switch-back').click();
  await expect(page.getByTestId('limits-switched')).toContainText('runs the spec profile again: no throttling and no row cap');
  await expect(offer).toHaveAttribute('data-profile', 'spec');
  await expect(page.getByTestId('console-note')).toHaveCount(0);
  expect((await pageFetch(page, `/sim/_admin/environments/${key}/limits`)).body).toMatchObject({ profile: 'spec' });

  // The same reproduction now misses its 429, and the console says why.
  await page.getByTestId('repeat-send').click();
  await expect(summary).toContainText('Sent 101: 101 × 200.', { timeout: 60_000 });
  await expect(page.getByTestId('repeat-why')).toContainText('No 429: the environment is under the spec profile, which never throttles.');
  await expect(offer.getByTestId('limits-switch-on')).toBeVisible();
  await shot(page, 'throttle-missed-why');
});

test('Reproduce OD-429-THROTTLED where the profile already runs: no question, the 429 comes at the 101st call', async ({ page }) => {
  test.setTimeout(90_000);
  const key = await createEnv(page, 'odata', 'Already real');
  expect((await pageFetch(page, `/sim/_admin/environments/${key}/limits`, { method: 'PUT', body: '{"profile":"real-product"}' })).status).toBe(200);
  await page.goto('/#/errors?q=OD-429-THROTTLED');
  await page.locator('tr[data-code="OD-429-THROTTLED"]').getByTestId('reproduce').click();
  await expect(page.getByTestId('console-note')).toContainText('Already real already runs the real-limits profile');
  await expect(page.getByTestId('limits-consent')).toBeHidden();
  await expect(page.getByTestId('repeat-summary')).toContainText('100 × 200, 1 × 429', { timeout: 60_000 });
  expect(await responseStatus(page)).toBe(429);
});

test('Declining the question switches nothing and sends nothing', async ({ page }) => {
  const key = await createEnv(page, 'odata', 'Declined');
  await page.goto('/#/errors?q=OD-429-THROTTLED');
  await page.locator('tr[data-code="OD-429-THROTTLED"]').getByTestId('reproduce').click();
  await page.getByTestId('limits-consent').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('limits-consent')).toBeHidden();
  await expect(page).toHaveURL(/#\/errors/);
  expect((await pageFetch(page, `/sim/_admin/environments/${key}/limits`)).body).toMatchObject({ profile: 'spec' });
  const journal = await pageFetch(page, `/sim/_admin/environments/${key}/journal`);
  expect(journal.status).toBe(200);
  expect(JSON.stringify(journal.body)).not.toContain('CUSTOMERS');
});

test('Send several times: a tally while it runs, the console stays usable, Cancel stops it; "stop at the first error" stops at a 404', async ({ page }) => {
  test.setTimeout(90_000);
  const key = await createEnv(page, 'odata', 'Repeat');
  await page.goto(`/#/console/${key}`);
  const origin = new URL(page.url()).origin;
  await page.getByTestId('url').fill(`${origin}/sim/${key}/odata/Priority/tabula.ini/demo/CUSTOMERS?$top=1`);
  await page.getByTestId('repeat-open').click();
  await page.getByTestId('repeat-count').fill('1000');
  await page.getByTestId('repeat-send').click();
  const progress = page.getByTestId('repeat-progress');
  await expect(progress).toContainText(/Sent \d+ of 1000: \d+ × 200/);
  // Still responsive while it runs: the request's tabs switch.
  await page.getByTestId('tab-headers').click();
  await expect(page.getByTestId('tab-headers')).toHaveAttribute('aria-selected', 'true');
  await shot(page, 'repeat-running');
  await expectAccessible(page, 'console while a repeat runs', '.monaco-editor');
  await page.getByTestId('repeat-cancel').click();
  const summary = page.getByTestId('repeat-summary');
  await expect(summary).toContainText(/^Cancelled after \d+ of 1000: \d+ × 200\./);
  const sent = Number(/after (\d+) of/.exec((await summary.textContent()) ?? '')?.[1]);
  expect(sent).toBeGreaterThan(0);
  expect(sent).toBeLessThan(1000);
  expect(await responseStatus(page)).toBe(200);

  await page.getByTestId('url').fill(`${origin}/sim/${key}/odata/Priority/tabula.ini/demo/NOSUCHSET`);
  await page.getByTestId('repeat-stop-on-error').check();
  await page.getByTestId('repeat-count').fill('5');
  await page.getByTestId('repeat-send').click();
  await expect(summary).toContainText('Sent 1 of 5: 1 × 404. Stopped at the first error.');
  expect(await responseStatus(page)).toBe(404);
  await shot(page, 'repeat-stopped-at-error');
});
