// The control API's generate on an OData environment: synthetic customers (with contacts, every
// tenth with a final invoice and its receivable row) that continue the book's counters, so they add
// to the seeded book without replacing any row (spec 001 § What the service does 2: rows accumulate).
import { expect, it } from 'vitest';
import { odataEnv } from '../helpers.ts';

it('generate adds customers, invoices and balances without touching the seeded book', async () => {
  const e = await odataEnv();
  const count = async (path: string) => Number(await (await e.get(path)).text());
  const before = { customers: await count('/CUSTOMERS/$count'), invoices: await count('/AINVOICES/$count'), ar: await count('/ACCOUNTS_RECEIVABLE/$count') };
  const seeded = await (await e.get('/AINVOICES?$select=IVNUM,TOTPRICE&$orderby=IVNUM')).json();

  for (let round = 0; round < 2; round++) {
    const gen = await e.sim.admin('POST', `/environments/${e.key}/generate`, { count: 50 });
    expect(gen.status).toBe(201);
    expect(gen.body).toEqual({ resource: 'CUSTOMERS', added: 50 });
  }
  expect(await count('/CUSTOMERS/$count')).toBe(before.customers + 100);
  expect(await count('/AINVOICES/$count')).toBe(before.invoices + 10);
  expect(await count('/ACCOUNTS_RECEIVABLE/$count')).toBe(before.ar + 100);

  // Seeded invoices are unchanged: generated ones took fresh book numbers.
  const all: { IVNUM: string; TOTPRICE: number }[] = (await (await e.get('/AINVOICES?$select=IVNUM,TOTPRICE&$orderby=IVNUM')).json()).value;
  const byNumber = new Map(all.map((i) => [i.IVNUM, i.TOTPRICE]));
  for (const s of seeded.value as { IVNUM: string; TOTPRICE: number }[]) expect(byNumber.get(s.IVNUM), s.IVNUM).toBe(s.TOTPRICE);
  expect(byNumber.size).toBe(all.length);

  // A generated customer reads like any other, with its contact.
  const one = await (await e.get(`/CUSTOMERS?$filter=CUSTNAME ge 'S' and CUSTNAME lt 'T'&$top=1&$expand=CUSTPERSONNEL_SUBFORM`)).json();
  expect(one.value[0].CUSTNAME).toMatch(/^S\d{7}$/);
  expect(one.value[0].CUSTPERSONNEL_SUBFORM).toHaveLength(1);
  expect(e.sim.engine.stats.unhandledErrors).toBe(0);
});
