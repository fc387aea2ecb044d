// Issue 14 § What to reach (browser): "A worker stop in the middle of a long generate loses nothing
// that was acknowledged and leaves no half-written invoice", and a restarted worker answers from
// the chunked store with large kinds loaded on first use.
import { expect, test } from '../fixtures.ts';
import { pageFetch, stopWorker, waitForController } from './helpers.ts';

interface Snapshot {
  records: Record<string, [string, { lineIds?: number[]; installmentIds?: number[]; CustomerTransactionId?: number }][]>;
}

test('a worker stopped in the middle of generate keeps every acknowledged slice, each invoice whole', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await waitForController(page);
  const env = (await pageFetch(page, '/sim/_admin/environments', { method: 'POST', body: '{"product":"receivables","name":"stop mid-generate"}' })).body as { key: string };
  const seed = (await pageFetch(page, `/sim/_admin/environments/${env.key}/snapshot`)).body as Snapshot;
  const seedInvoices = seed.records['invoice']?.length ?? 0;

  // Start a 9,000-invoice generate (three slices of 3,000) and stop the worker once the first slice
  // is acknowledged by its progress notice.
  const acknowledged = page.evaluate(
    (key) =>
      new Promise<number>((resolve) => {
        navigator.serviceWorker.addEventListener('message', (e: MessageEvent) => {
          const m = e.data as { type?: string; env?: string; done?: number };
          if (m.type === 'sim-progress' && m.env === key) resolve(m.done as number);
        });
        void fetch(`/sim/_admin/environments/${key}/generate`, { method: 'POST', body: '{"count":9000}' }).catch(() => undefined);
      }),
    env.key,
  );
  const done = await acknowledged;
  await stopWorker(page);

  const after = await pageFetch(page, `/sim/_admin/environments/${env.key}/snapshot`);
  expect(after.status).toBe(200);
  const records = (after.body as Snapshot).records;
  const invoices = records['invoice'] ?? [];
  const added = invoices.length - seedInvoices;
  expect(done).toBe(3000);
  // Nothing acknowledged is lost; a slice is there whole or not at all.
  expect(added).toBeGreaterThanOrEqual(done);
  expect(added % 3000).toBe(0);
  // No half-written invoice: every line and installment an invoice names is stored.
  const lines = new Set((records['invoiceLine'] ?? []).map(([id]) => id));
  const installments = new Set((records['installment'] ?? []).map(([id]) => id));
  const broken = invoices.filter(([, inv]) => (inv.lineIds ?? []).some((id) => !lines.has(String(id))) || (inv.installmentIds ?? []).some((id) => !installments.has(String(id))));
  expect(broken).toEqual([]);
  // Every generated invoice has lines and an installment (the seeded book has special cases without).
  const seeded = new Set((seed.records['invoice'] ?? []).map(([id]) => id));
  const generated = invoices.filter(([id]) => !seeded.has(id));
  expect(generated).toHaveLength(added);
  expect(generated.every(([, inv]) => (inv.lineIds ?? []).length > 0 && (inv.installmentIds ?? []).length > 0)).toBe(true);
});
