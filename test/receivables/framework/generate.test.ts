// The control API's generate adds normal invoices (same create path as POST), for paging and load
// trials; collections stay correct over them (spec 000 § Common query parameters and envelope).
import { expect, it } from 'vitest';
import { REST, receivablesEnv } from './support.ts';

it('generate adds N invoices that page, filter and expand like seeded ones', async () => {
  const r = await receivablesEnv();
  const before = (await r.json(`${REST}/receivablesInvoices?limit=1&totalResults=true`)).body.totalResults;
  const gen = await r.sim.admin('POST', `/environments/${r.key}/generate`, { count: 2000 });
  expect(gen.status).toBe(201);
  expect(gen.body).toEqual({ resource: 'receivablesInvoices', added: 2000 });
  const all = await r.json(`${REST}/receivablesInvoices?limit=1&totalResults=true`);
  expect(all.body.totalResults).toBe(before + 2000);
  const q = await r.json(`${REST}/receivablesInvoices?q=${encodeURIComponent("InvoiceBalanceAmount>100;InvoiceStatus='Complete'")}&orderBy=TransactionNumber:desc&limit=25`);
  expect(q.status).toBe(200);
  expect(q.body.count).toBe(25);
  const numbers = q.body.items.map((i: { TransactionNumber: string }) => i.TransactionNumber);
  expect(numbers).toEqual([...numbers].sort().reverse());
  for (const i of q.body.items) expect(i.InvoiceBalanceAmount).toBeGreaterThan(100);
  const item = await r.json(`${REST}/receivablesInvoices/${q.body.items[0].CustomerTransactionId}?expand=all`);
  expect(item.body.receivablesInvoiceLines.length).toBeGreaterThan(0);
  expect(item.body.receivablesInvoiceInstallments.length).toBeGreaterThan(0);
});

it('generate with the environment clock beyond the dates invoices accept answers 400 {error}, not a 500 (issue 2 § 3: bad input gets 400)', async () => {
  const r = await receivablesEnv();
  expect((await r.sim.admin('PUT', `/environments/${r.key}/clock`, { now: '9999-01-01' })).status).toBe(200);
  const before = (await r.json(`${REST}/receivablesInvoices?limit=1&totalResults=true`)).body.totalResults;
  const gen = await r.sim.admin('POST', `/environments/${r.key}/generate`, { count: 2 });
  expect(gen.status).toBe(400);
  expect(gen.body.error).toContain('outside the dates invoices accept');
  expect((await r.json(`${REST}/receivablesInvoices?limit=1&totalResults=true`)).body.totalResults).toBe(before);
  expect(r.sim.engine.stats.unhandledErrors).toBe(0);
});
