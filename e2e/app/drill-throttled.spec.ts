// The drill's optional `throttled` step under the OData real-limits profile through the real service
// worker (issue 39 § 3: "The drill gets an optional `throttled` step under the real-limits profile"):
// the Drill view offers it only once the Environments page has switched the profile on, a drill
// started with it lists it after the six standard steps, and the console as the client meets the
// profile's 429, waits out Retry-After and repeats the request, which passes the step.
import { expect, test } from '../fixtures.ts';
import { pageFetch } from '../foundation/helpers.ts';
import { createEnv, responseStatus, shot } from './helpers.ts';
import { openView } from '../nav.ts';

test('the throttled step: offered under the real-limits profile, listed after the standard plan, passed by the console waiting out Retry-After', async ({ page }) => {
  test.setTimeout(60_000);
  const key = await createEnv(page, 'odata', 'Throttled drill');
  await page.getByRole('button', { name: 'I have copied them' }).click();

  // Under the spec profile the view says where to switch it on, and offers no such start.
  await page.goto(`/#/drill/${key}`);
  await expect(page.getByTestId('drill-throttled-note')).toContainText('Under the real-limits profile');
  await expect(page.getByTestId('drill-start-throttled')).toHaveCount(0);

  await page.goto('/#/envs');
  await page.getByTestId('limits-toggle').check();
  await expect(page.getByTestId('limits-profile')).toContainText('100 calls a minute per user');

  await page.goto(`/#/drill/${key}`);
  await expect(page.getByTestId('drill-throttled-note')).toContainText('runs the real-limits profile');
  await page.getByTestId('drill-start-throttled').click();
  await expect(page.getByTestId('drill-step')).toHaveCount(7);
  await expect(page.getByTestId('drill-step').nth(6)).toContainText('Throttled (real-limits profile)');
  await shot(page, 'drill-throttled-plan');
  await page.getByTestId('drill-stop').click();
  await expect(page.getByTestId('drill-stop')).toHaveCount(0);

  // The step alone: the console is the client.
  const started = await pageFetch(page, `/sim/_admin/environments/${key}/drills`, { method: 'POST', body: '{"plan":["throttled"]}' });
  expect(started.status).toBe(201);
  await page.goto(`/#/drill/${key}/drill-2`);
  await page.getByTestId('drill-console').click();
  await expect(page.getByTestId('console-note')).toContainText('Step 1 (throttled)');
  await page.getByTestId('send').click();
  expect(await responseStatus(page)).toBe(429);
  await shot(page, 'drill-throttled-429');
  await page.waitForTimeout(2300);
  await page.getByTestId('send').click();
  await expect(page.getByTestId('response-status')).toContainText('200');
  await openView(page, 'Drill');
  const step = page.getByTestId('drill-step').first();
  await expect(step.getByTestId('drill-verdict')).toHaveText('Pass');
  await expect(step.getByTestId('drill-explanation')).toContainText('(Retry-After: 2)');
  await expect(step.getByTestId('drill-catalog')).toHaveText('OD-429-THROTTLED');
  await shot(page, 'drill-throttled-pass');
});
