// The request journal and fault injection through the real service worker (issue 12 §§ 1-2):
// a request any client makes (plain fetch from the page) shows up live in the Journal view with its
// explanation; the journal survives a worker restart; an injected 503 and a dropped connection;
// the ready retry-with-Upsert-Mode example end to end; accessibility at 800 px in both themes.
import { expect, test } from '../fixtures.ts';
import type { Page } from '@playwright/test';
import { createEnv, expectAccessible, expectNoOverflow, responseStatus, shot } from './helpers.ts';
import { stopWorker } from '../foundation/helpers.ts';
import { INJECTED_STATUSES, RETRYABLE_STATUSES } from '../../src/engine/faults/types.ts';

const REST = '/fscmRestApi/resources/11.13.18.05';
const SCOPE = 'urn:opc:resource:consumer::all';

/** A client of its own: the environment's first OAuth client, a token, then a request, all with plain fetch. */
async function trainee(page: Page, key: string, path: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}) {
  return page.evaluate(
    async ([k, p, i, scope]) => {
      const secret = JSON.parse(localStorage.getItem(`erp-sim:secrets:${k}`) ?? '[]') as { clientId?: string; clientSecret?: string }[];
      const client = secret.find((c) => c.clientSecret);
      if (!client) throw new Error('no remembered client');
      const tokenRes = await fetch(`/sim/${k}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'client_credentials', scope, client_id: client.clientId ?? '', client_secret: client.clientSecret ?? '' }).toString(),
      });
      const token = ((await tokenRes.json()) as { access_token: string }).access_token;
      try {
        const res = await fetch(`/sim/${k}${p}`, { method: i.method ?? 'GET', body: i.body, headers: { authorization: `Bearer ${token}`, ...(i.headers ?? {}) } });
        return { status: res.status, injected: res.headers.get('x-sim-injected'), retryAfter: res.headers.get('retry-after'), body: await res.text(), error: '' };
      } catch (err) {
        return { status: -1, injected: null, retryAfter: null, body: '', error: String(err) };
      }
    },
    [key, path, init, SCOPE] as const,
  );
}

test('a request a program makes with plain fetch appears live in the Journal view, explained, with a near-miss hint (issue 12 § 1)', async ({ page }) => {
  const key = await createEnv(page, 'receivables', 'Journal class');
  await page.goto(`/#/journal/${key}`);
  await expect(page.getByRole('heading', { name: 'Journal', level: 2 })).toBeVisible();
  // The trainee's own program: not the console. A typo in the resource name.
  const res = await trainee(page, key, `${REST}/receivablesInvoice?limit=5`);
  expect(res.status).toBe(404);
  const entry = page.getByTestId('journal-entry').filter({ hasText: 'receivablesInvoice?limit=5' });
  await expect(entry).toBeVisible(); // live: no reload
  await expect(entry).toContainText('404');
  await expect(entry).toContainText('SIM-REST-4040');
  await expect(page.getByTestId('journal-entry').filter({ hasText: '/oauth/token' })).toContainText('200');
  await entry.click();
  const explanation = page.getByTestId('journal-explanation');
  await expect(explanation).toContainText('000 Errors, Other behaviours; Support matrix');
  await expect(explanation).toContainText('SIM-REST-4040');
  await expect(page.getByTestId('journal-hint')).toHaveText(`Hint: Did you mean ${REST}/receivablesInvoices?`);
  // The token never reached the journal.
  await expect(page.getByTestId('journal-detail')).toContainText('authorization: Bearer [redacted]');
  await shot(page, 'journal-explained');

  // Open in console: the same request, ready to edit and send with this browser's credentials.
  await page.getByTestId('journal-open-console').click();
  await expect(page).toHaveURL(new RegExp(`#/console/${key}`));
  await page.getByTestId('send').click();
  expect(await responseStatus(page)).toBe(404);
});

test('the journal survives a worker restart (CDP ServiceWorker.stopAllWorkers)', async ({ page }) => {
  const key = await createEnv(page, 'odata', 'Journal restart');
  await page.evaluate(async (k) => {
    await fetch(`/sim/${k}/odata/Priority/tabula.ini/demo/CUSTOMERS?$top=1`);
    await fetch(`/sim/${k}/odata/Priority/tabula.ini/demo/CUSTOMER`);
  }, key);
  const read = () => page.evaluate(async (k) => ((await (await fetch(`/sim/_admin/environments/${k}/journal`)).json()) as { items: { id: number; path: string; status: number }[] }).items, key);
  await expect.poll(async () => (await read()).length).toBe(2);
  // Stored in the worker's own journal database (written in the background, after the answers).
  const stored = () =>
    page.evaluate(
      (k) =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open('erp-sim-journal');
          open.onsuccess = () => {
            const db = open.result;
            const range = IDBKeyRange.bound([k, -Infinity], [k, Infinity]);
            const count = db.transaction('entries').objectStore('entries').count(range);
            count.onsuccess = () => (db.close(), resolve(count.result));
          };
        }),
      key,
    );
  await expect.poll(stored).toBe(2);
  const before = await read();
  await stopWorker(page);
  const after = await read();
  expect(after.map((e) => [e.id, e.path, e.status])).toEqual(before.map((e) => [e.id, e.path, e.status]));
  await page.goto(`/#/journal/${key}`);
  await expect(page.getByTestId('journal-entry')).toHaveCount(2);
  // Sent without credentials: the empty 401 is named from the catalog (spec 001 § Authentication 1-3).
  await page.getByTestId('journal-entry').first().click();
  await expect(page.getByTestId('journal-explanation')).toContainText('OD-401');
});

test('an injected 503 and a dropped connection, added in the Faults view, marked in the journal (issue 12 § 2)', async ({ page }) => {
  const key = await createEnv(page, 'receivables', 'Faults class');
  await page.goto(`/#/faults/${key}`);
  await page.getByTestId('fault-path').fill('*/receivablesInvoices');
  await page.getByTestId('fault-status').selectOption('503');
  await page.getByLabel('Retry-After (s)').fill('7');
  await page.getByTestId('fault-add').click();
  await expect(page.getByTestId('faults-notice')).toHaveText('Rule fault-1 added.');
  await page.getByTestId('fault-kind').selectOption('drop');
  await page.getByTestId('fault-path').fill('/crmRestApi/*');
  await page.getByTestId('fault-add').click();
  await expect(page.getByTestId('fault-rule')).toHaveCount(2);

  const unavailable = await trainee(page, key, `${REST}/receivablesInvoices?limit=1`);
  expect(unavailable).toMatchObject({ status: 503, injected: 'fault-1', retryAfter: '7' });
  expect(JSON.parse(unavailable.body)).toMatchObject({ status: '503', 'o:errorCode': 'SIM-FAULT-503' });
  const dropped = await trainee(page, key, '/crmRestApi/resources/11.13.18.05/contacts');
  expect(dropped.status).toBe(-1);
  expect(dropped.error).toMatch(/TypeError/); // a network error, as a real dropped connection gives
  await expect(page.getByTestId('fault-rule').first()).toContainText('fired 1');
  await shot(page, 'faults-rules');

  await page.goto(`/#/journal/${key}`);
  const injected = page.getByTestId('journal-entry').filter({ hasText: 'injected' });
  await expect(injected).toHaveCount(2);
  await injected.filter({ hasText: 'dropped' }).click();
  await expect(page.getByTestId('journal-explanation')).toContainText('dropped the connection on purpose');
  await page.getByTestId('journal-status').selectOption('5xx');
  await expect(page.getByTestId('journal-entry')).toHaveCount(1);
  await page.getByTestId('journal-entry').click();
  await expect(page.getByTestId('journal-explanation')).toContainText('fault rule fault-1');
  await shot(page, 'journal-injected');
});

test('ready example: a receipt POST that fails after the write, retried safely with Upsert-Mode (issue 12 § 2)', async ({ page }) => {
  const key = await createEnv(page, 'receivables', 'Retry lesson');
  await page.goto(`/#/faults/${key}`);
  await page.getByTestId('faults-retry-rule').click();
  await expect(page.getByTestId('fault-rule')).toContainText('POST */standardReceipts');
  await expect(page.getByTestId('fault-rule')).toContainText('after handling');
  await page.getByTestId('faults-retry-console').click();
  await expect(page).toHaveURL(new RegExp(`#/console/${key}`));
  await page.getByTestId('send').click();
  expect(await responseStatus(page)).toBe(500); // the receipt was recorded, the answer lost
  await page.getByTestId('send').click();
  await expect(page.getByTestId('response-status')).toHaveText(/^200/); // Upsert-Mode: the existing receipt
  await shot(page, 'faults-retry-upsert');
  const receipts = await page.evaluate(async (k) => {
    const j = (await (await fetch(`/sim/_admin/environments/${k}/journal?path=standardReceipts`)).json()) as { items: { status: number; injected?: string; method: string }[] };
    return j.items.map((e) => [e.method, e.status, e.injected ?? null]);
  }, key);
  expect(receipts).toEqual([
    ['POST', 200, null],
    ['POST', 500, 'fault-1'],
  ]);
});

test('the Faults view offers every status a rule may answer, each answered as chosen, and a fixed body of your own (issue 43 § 3)', async ({ page }) => {
  const key = await createEnv(page, 'receivables', 'Every fault status');
  await page.goto(`/#/faults/${key}`);
  // The view is its own chunk: its list is read once it is there (evaluateAll does not wait).
  await expect(page.getByTestId('fault-status')).toBeVisible();
  const offered = await page.getByTestId('fault-status').locator('option').evaluateAll((os) => os.map((o) => Number((o as HTMLOptionElement).value)));
  expect(offered).toEqual([...INJECTED_STATUSES]);
  for (const [i, code] of INJECTED_STATUSES.entries()) {
    await page.getByTestId('fault-path').fill(`/sweep/${code}`);
    await page.getByTestId('fault-status').selectOption(String(code));
    // Retry-After is offered where a later retry may succeed (429, 502, 503, 504), nowhere else.
    await expect(page.getByLabel('Retry-After (s)')).toHaveCount(RETRYABLE_STATUSES.has(code) ? 1 : 0);
    if (code === 502) await page.getByTestId('fault-body').fill('{"message": "upstream timed out"}');
    else await page.getByTestId('fault-body').fill('');
    await page.getByTestId('fault-add').click();
    await expect(page.getByTestId('faults-notice')).toHaveText(`Rule fault-${i + 1} added.`);
  }
  await expect(page.getByTestId('fault-rule')).toHaveCount(INJECTED_STATUSES.length);
  for (const [i, code] of INJECTED_STATUSES.entries()) {
    const got = await trainee(page, key, `/sweep/${code}`);
    expect(got, `status ${code}`).toMatchObject({ status: code, injected: `fault-${i + 1}` });
    if (code === 502) expect(JSON.parse(got.body)).toEqual({ message: 'upstream timed out' });
  }
  await expect(page.getByTestId('fault-rule').filter({ hasText: 'fixed body' })).toHaveCount(1);
  await shot(page, 'faults-every-status');
});

test('Journal and Faults views: no serious accessibility violation, usable at 800 px, light and dark', async ({ page }) => {
  const key = await createEnv(page, 'receivables', 'Axe journal');
  await trainee(page, key, '/crmRestApi/resources/11.13.18.05/contacts/999999999');
  await page.setViewportSize({ width: 800, height: 900 });
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => localStorage.setItem('erp-sim:theme', t), theme);
    for (const view of ['journal', 'faults'] as const) {
      await page.goto(`/#/${view}/${key}`);
      await page.reload();
      await expect(page.getByTestId('worker-status')).toHaveText('Service worker: ready');
      if (view === 'journal') {
        await page.getByTestId('journal-entry').filter({ hasText: '999999999' }).click();
        await expect(page.getByTestId('journal-explanation')).toContainText('REST-01404');
      } else {
        await expect(page.getByTestId('faults-form')).toBeVisible();
      }
      await page.waitForLoadState('networkidle');
      await expectAccessible(page, `${theme} ${view}`);
      await expectNoOverflow(page, `${theme} ${view}`);
      await shot(page, `${view}-${theme}-800`);
    }
  }
});
