// spec 001 § Query options ($since: "a create, update or line write is a change instant"),
// § States and transitions (line writes bump the parent's $since change instant), § Other forms
// (ACCOUNTS_RECEIVABLE rows surface for $since also when the customer behind them is created),
// § Entity sets (/$count honours $since). Observed over HTTP only.
import { beforeAll, describe, expect, it } from 'vitest';
import { invoicePath, odataEnv, type ODataClient } from '../write/helpers.ts';

let o: ODataClient;
beforeAll(async () => {
  o = await odataEnv({ now: '2026-03-15T10:00:00.000Z' });
});

/** Move the clock to `iso` and return the $since value for "from now on". */
function at(iso: string): string {
  o.sim.clock.now = Date.parse(iso);
  return iso;
}

async function since(set: string, instant: string, key: string): Promise<string[]> {
  const r = await o.call('GET', `/${set}?$since=${encodeURIComponent(instant)}&$select=${key}`);
  expect(r.status).toBe(200);
  return r.body.value.map((row: Record<string, string>) => row[key]);
}

const count = async (set: string, instant: string) => (await o.call('GET', `/${set}/$count?$since=${encodeURIComponent(instant)}`)).text;

describe('$since change instants from writes', () => {
  it('a customer create surfaces the customer and its ACCOUNTS_RECEIVABLE row; /$count agrees', async () => {
    const t = at('2026-04-01T09:00:00Z');
    expect(await since('CUSTOMERS', t, 'CUSTNAME')).toEqual([]);
    expect(await since('ACCOUNTS_RECEIVABLE', t, 'ACCNAME')).toEqual([]);
    expect((await o.call('POST', '/CUSTOMERS', { CUSTNAME: 'SNC1', CUSTDES: 'Since One' })).status).toBe(201);
    expect(await since('CUSTOMERS', t, 'CUSTNAME')).toEqual(['SNC1']);
    expect(await since('ACCOUNTS_RECEIVABLE', t, 'ACCNAME')).toEqual(['SNC1']);
    expect(await count('CUSTOMERS', t)).toBe('1');
    expect(await count('ACCOUNTS_RECEIVABLE', t)).toBe('1');
    // an instant just after the write excludes it
    expect(await since('CUSTOMERS', '2026-04-01T09:00:00.001Z', 'CUSTNAME')).toEqual([]);
  });

  it('an update is a change instant; a PATCH {} (no change) is not', async () => {
    const t = at('2026-04-02T09:00:00Z');
    expect((await o.call('PATCH', "/CUSTOMERS('C1004')", {})).status).toBe(200);
    expect(await since('CUSTOMERS', t, 'CUSTNAME')).toEqual([]);
    expect((await o.call('PATCH', "/CUSTOMERS('C1004')", { PHONE: '555-0199' })).status).toBe(200);
    expect(await since('CUSTOMERS', t, 'CUSTNAME')).toEqual(['C1004']);
  });

  it('a contact create or update bumps the parent customer', async () => {
    const t = at('2026-04-03T09:00:00Z');
    const c = await o.call('POST', "/CUSTOMERS('C1005')/CUSTPERSONNEL_SUBFORM", { NAME: 'Since Person' });
    expect(c.status).toBe(201);
    expect(await since('CUSTOMERS', t, 'CUSTNAME')).toEqual(['C1005']);
    const t2 = at('2026-04-04T09:00:00Z');
    const key = `NAME='Since Person',FIRM='${String(c.body.FIRM).replace(/'/g, "''")}'`;
    expect((await o.call('PATCH', `/CUSTOMERS('C1005')/CUSTPERSONNEL_SUBFORM(${key})`, { EMAIL: 's@x.example' })).status).toBe(200);
    expect(await since('CUSTOMERS', t2, 'CUSTNAME')).toEqual(['C1005']);
    const sub = await o.call('GET', `/CUSTOMERS('C1005')/CUSTPERSONNEL_SUBFORM/$count?$since=${encodeURIComponent(t2)}`);
    expect(sub.text).toBe('1');
  });

  it('line POST, PATCH and DELETE each bump the invoice header', async () => {
    at('2026-04-05T09:00:00Z');
    const inv = await o.call('POST', '/AINVOICES', { CUSTNAME: 'C1001', AINVOICEITEMS_SUBFORM: [{ PARTNAME: 'PUMP-100', PRICE: 10 }] });
    expect(inv.status).toBe(201);
    const path = invoicePath(inv.body.IVNUM);
    // Each write with its documented status (spec 001 § Entity sets: 201, 200, 204).
    const steps: [string, () => Promise<number>, number][] = [
      ['2026-04-06T09:00:00Z', async () => (await o.req('POST', `${path}/AINVOICEITEMS_SUBFORM`, { PARTNAME: 'PUMP-100', PRICE: 1 })).status, 201],
      ['2026-04-07T09:00:00Z', async () => (await o.req('PATCH', `${path}/AINVOICEITEMS_SUBFORM(2)`, { PRICE: 2 })).status, 200],
      ['2026-04-08T09:00:00Z', async () => (await o.req('DELETE', `${path}/AINVOICEITEMS_SUBFORM(2)`)).status, 204],
    ];
    for (const [instant, write, status] of steps) {
      const t = at(instant);
      expect(await since('AINVOICES', t, 'IVNUM')).toEqual([]);
      expect(await write()).toBe(status);
      expect(await since('AINVOICES', t, 'IVNUM'), instant).toEqual([inv.body.IVNUM]);
    }
  });

  it('a line write on a Final invoice also surfaces its ACCOUNTS_RECEIVABLE row; a draft create does not', async () => {
    const data = await o.sim.engine.store.data(o.key);
    const final = data.list('AINVOICES').find((i) => i['STATDES'] === 'Final' && i['CUSTNAME'] === 'C1002') as { IVNUM: string };
    const t = at('2026-04-09T09:00:00Z');
    const d = await o.call('POST', '/AINVOICES', { CUSTNAME: 'C1002', AINVOICEITEMS_SUBFORM: [{ PARTNAME: 'PUMP-100', PRICE: 10 }] });
    expect(d.status).toBe(201);
    expect(await since('ACCOUNTS_RECEIVABLE', t, 'ACCNAME')).toEqual([]);
    expect((await o.req('POST', `${invoicePath(final.IVNUM)}/AINVOICEITEMS_SUBFORM`, { PARTNAME: 'PUMP-100', PRICE: 10 })).status).toBe(201);
    expect(await since('ACCOUNTS_RECEIVABLE', t, 'ACCNAME')).toEqual(['C1002']);
  });
});
