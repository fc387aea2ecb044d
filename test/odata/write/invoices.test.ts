// spec 001 § States and transitions (invoice rows), § Write rules 3-7, § AINVOICES (lines sum to the header).
import { beforeAll, describe, expect, it } from 'vitest';
import { createDraft, invoicePath, odataEnv, type ODataClient } from './helpers.ts';

let o: ODataClient;
beforeAll(async () => {
  o = await odataEnv({ now: '2026-03-15T10:00:00.000Z' });
});

const draft = (body: Record<string, unknown> = {}) => createDraft(o, body);

async function changedAt(kind: string, id: string): Promise<unknown> {
  return (await o.sim.engine.store.data(o.key)).get(kind, id)?.['_changedAt'];
}

describe('POST /AINVOICES', () => {
  it('creates a draft: T-number, STATDES Draft, FINAL null, IVDATE midnight Z, CDES, header totals from lines, Location', async () => {
    const r = await o.call('POST', '/AINVOICES', {
      CUSTNAME: 'C1002',
      IVNUM: 'IN999',
      FINAL: 'Y',
      STATDES: 'Final',
      TOTPRICE: 1,
      AINVOICEITEMS_SUBFORM: [
        { PARTNAME: 'PUMP-100', TQUANT: 2, PRICE: 420 },
        { PARTNAME: 'GREASE-HT', TQUANT: 1.5, PRICE: 12.75, PERCENT: 10 },
      ],
    });
    expect(r.status).toBe(201);
    const b = r.body;
    expect(b.IVNUM).toMatch(/^T\d+$/); // explicit IVNUM ignored
    expect(b.STATDES).toBe('Draft');
    expect(b.FINAL).toBeNull();
    expect(b.IVTYPE).toBe('A');
    expect(b.DEBIT).toBe('D');
    expect(b.CDES).toBe('Blue Harbor Foods');
    expect(b.OWNERLOGIN).toBe(o.username);
    expect(b.IVDATE).toBe('2026-03-15T00:00:00Z');
    expect(b.QPRICE).toBe(859.13); // 840 + 19.125 -> 19.13
    expect(b.TOTPRICE).toBe(857.21); // 840 + 1.5 x 11.475 = 17.2125 -> 17.21
    expect(b.TOTQUANT).toBe(3.5);
    expect(b.VAT).toBe(0);
    expect(b.AINVOICEITEMS_SUBFORM.map((l: { KLINE: number }) => l.KLINE)).toEqual([1, 2]);
    const lineSum = b.AINVOICEITEMS_SUBFORM.reduce((s: number, l: { TOTPRICE: number }) => s + Math.round(l.TOTPRICE * 100), 0);
    expect(lineSum).toBe(Math.round(b.TOTPRICE * 100));
    expect(r.headers.get('location')).toBe(`${o.rootUrl}/AINVOICES(IVNUM=%27${b.IVNUM}%27,DEBIT=%27D%27,IVTYPE=%27A%27)`);
  });

  it('rule 7: line defaults TQUANT 1 and PRICE 0; negative quantity accepted; explicit KLINE ignored', async () => {
    const b = await draft({ AINVOICEITEMS_SUBFORM: [{ PARTNAME: 'SEAL-KIT', KLINE: 40 }, { PARTNAME: 'SEAL-KIT', TQUANT: -2, PRICE: 10 }] });
    const [a, n] = b.AINVOICEITEMS_SUBFORM;
    expect(a.TQUANT).toBe(1);
    expect(a.PRICE).toBe(0);
    expect(a.KLINE).toBe(1);
    expect(n.TQUANT).toBe(-2);
    expect(n.TOTPRICE).toBe(-20);
    expect(b.TOTPRICE).toBe(-20);
  });

  it('rule 7: no lines -> totals 0, TOTQUANT null, and the create response omits the subform key', async () => {
    const b = await draft();
    expect(b.TOTPRICE).toBe(0);
    expect(b.QPRICE).toBe(0);
    expect(b.TOTQUANT).toBeNull();
    expect('AINVOICEITEMS_SUBFORM' in b).toBe(false);
    const e = await draft({ AINVOICEITEMS_SUBFORM: [] });
    expect('AINVOICEITEMS_SUBFORM' in e).toBe(false);
  });

  it('rule 5: empty payload -> missing-required; unknown customer -> value-not-in-table (InterfaceErrors, English)', async () => {
    const e = await o.call('POST', '/AINVOICES', {});
    expect(e.status).toBe(400);
    expect(e.body.FORM['@TYPE']).toBe('AINVOICES');
    expect(e.body.FORM.InterfaceErrors.text).toMatch(/^Line 1- .*required/);
    const u = await o.call('POST', '/AINVOICES', { CUSTNAME: 'ZZZ404' });
    expect(u.status).toBe(400);
    expect(u.body.FORM.InterfaceErrors.text).toMatch(/^Line 1- The value 'ZZZ404' .*does not exist in the Customers table/);
  });

  it('rule 4: REFERENCE refuses every value reaching the lookup; empty string and null succeed and store null', async () => {
    const bad = await o.call('POST', '/AINVOICES', { CUSTNAME: 'C1001', REFERENCE: 'PO-1' });
    expect(bad.status).toBe(400);
    expect(bad.body.FORM.InterfaceErrors.text).toContain("'PO-1'");
    expect((await draft({ REFERENCE: '' })).REFERENCE).toBeNull();
    expect((await draft({ REFERENCE: null })).REFERENCE).toBeNull();
  });

  it('rule 6: a fractional TQUANT on unit ea is refused; on kg it is accepted', async () => {
    const r = await o.call('POST', '/AINVOICES', { CUSTNAME: 'C1001', AINVOICEITEMS_SUBFORM: [{ PARTNAME: 'PUMP-100', TQUANT: 1.5 }] });
    expect(r.status).toBe(400);
    expect(r.body.FORM.InterfaceErrors.text).toContain("'ea'");
    const kg = await draft({ AINVOICEITEMS_SUBFORM: [{ PARTNAME: 'GREASE-HT', TQUANT: 1.5 }] });
    expect(kg.TOTQUANT).toBe(1.5);
  });

  it('rule 8: a nested create is atomic (a bad line stores no invoice)', async () => {
    const before = (await o.call('GET', '/AINVOICES/$count')).text;
    const r = await o.call('POST', '/AINVOICES', { CUSTNAME: 'C1001', AINVOICEITEMS_SUBFORM: [{ PARTNAME: 'OK-1' }, { PDES: 'no part' }] });
    expect(r.status).toBe(400);
    expect((await o.call('GET', '/AINVOICES/$count')).text).toBe(before);
  });
});

describe('PATCH /AINVOICES and lines', () => {
  it('drafts stay drafts: PATCH FINAL is silently ignored (200); STATDES, totals and keys too', async () => {
    const b = await draft({ AINVOICEITEMS_SUBFORM: [{ PARTNAME: 'VALVE-25', PRICE: 10 }] });
    const path = invoicePath(b.IVNUM);
    const r = await o.call('PATCH', path, { FINAL: 'Y', STATDES: 'Final', TOTPRICE: 999, IVNUM: 'X', DETAILS: 'changed' });
    expect(r.status).toBe(200);
    expect(r.body.FINAL).toBeNull();
    expect(r.body.STATDES).toBe('Draft');
    expect(r.body.TOTPRICE).toBe(10);
    expect(r.body.IVNUM).toBe(b.IVNUM);
    expect(r.body.DETAILS).toBe('changed');
    expect((await o.call('PATCH', path, {})).body.DETAILS).toBe('changed');
  });

  it('line POST: KLINE = max + 1, Location ...AINVOICEITEMS_SUBFORM(KLINE), header recomputed, parent change instant bumped', async () => {
    o.sim.clock.now = Date.parse('2026-03-15T11:00:00.000Z');
    const b = await draft({ AINVOICEITEMS_SUBFORM: [{ PARTNAME: 'VALVE-25', PRICE: 10 }, { PARTNAME: 'VALVE-25', PRICE: 5 }] });
    const path = invoicePath(b.IVNUM);
    await o.call('DELETE', `${path}/AINVOICEITEMS_SUBFORM(1)`);
    o.sim.clock.now = Date.parse('2026-03-15T12:00:00.000Z');
    const r = await o.call('POST', `${path}/AINVOICEITEMS_SUBFORM`, { PARTNAME: 'FILTER-10', TQUANT: 3, PRICE: 2.5, KLINE: 1 });
    expect(r.status).toBe(201);
    expect(r.body.KLINE).toBe(3);
    expect(r.body.QUANT).toBe(3);
    expect(r.body.TOTPRICE).toBe(7.5);
    expect(r.body.PDES).toBe('Cartridge filter 10 micron');
    expect(r.headers.get('location')).toBe(`${o.rootUrl}/AINVOICES(IVNUM=%27${b.IVNUM}%27,DEBIT=%27D%27,IVTYPE=%27A%27)/AINVOICEITEMS_SUBFORM(3)`);
    const h = await o.call('GET', path);
    expect(h.body.TOTPRICE).toBe(12.5);
    expect(await changedAt('AINVOICES', `${b.IVNUM}\u0001D\u0001A`)).toBe('2026-03-15T12:00:00.000Z');
  });

  it('line PATCH recomputes QUANT and amounts; line DELETE answers 204 and recomputes the header', async () => {
    const b = await draft({ AINVOICEITEMS_SUBFORM: [{ PARTNAME: 'PIPE-PVC', TQUANT: 10, PRICE: 3.2 }, { PARTNAME: 'SRV-HOUR', TQUANT: 2, PRICE: 95 }] });
    const path = invoicePath(b.IVNUM);
    const p = await o.call('PATCH', `${path}/AINVOICEITEMS_SUBFORM(1)`, { TQUANT: 12.5, QPRICE: 1, KLINE: 9 });
    expect(p.status).toBe(200);
    expect(p.body.QUANT).toBe(12.5);
    expect(p.body.TOTPRICE).toBe(40);
    expect(p.body.KLINE).toBe(1);
    expect((await o.call('GET', path)).body.TOTPRICE).toBe(230);
    const d = await o.req('DELETE', `${path}/AINVOICEITEMS_SUBFORM(2)`);
    expect(d.status).toBe(204);
    expect((await o.call('GET', path)).body.TOTPRICE).toBe(40);
    const lines = await o.call('GET', `${path}/AINVOICEITEMS_SUBFORM`);
    expect(lines.body.value.map((l: { KLINE: number }) => l.KLINE)).toEqual([1]);
    const gone = await o.call('DELETE', `${path}/AINVOICEITEMS_SUBFORM(2)`);
    expect(gone.status).toBe(400);
    expect(gone.body.error.message).toBe('A record with the specified key was not found');
  });

  it('deleting the last line leaves totals 0 and TOTQUANT null', async () => {
    const b = await draft({ AINVOICEITEMS_SUBFORM: [{ PARTNAME: 'PUMP-100', PRICE: 1 }] });
    await o.req('DELETE', `${invoicePath(b.IVNUM)}/AINVOICEITEMS_SUBFORM(1)`);
    const h = await o.call('GET', invoicePath(b.IVNUM));
    expect([h.body.TOTPRICE, h.body.TOTQUANT]).toEqual([0, null]);
  });

  it('a fractional quantity on an ea line is refused on PATCH too', async () => {
    const b = await draft({ AINVOICEITEMS_SUBFORM: [{ PARTNAME: 'PUMP-100' }] });
    const r = await o.call('PATCH', `${invoicePath(b.IVNUM)}/AINVOICEITEMS_SUBFORM(1)`, { TQUANT: 0.5 });
    expect(r.status).toBe(400);
  });
});

describe('finalized invoices: writes accepted, the receivable balance moves', () => {
  it('a line write to a final invoice moves ACCOUNTS_RECEIVABLE and its change instant', async () => {
    const data = await o.sim.engine.store.data(o.key);
    const final = data.list('AINVOICES').find((i) => i['CUSTNAME'] === 'C1006' && i['STATDES'] === 'Final') as { IVNUM: string };
    const before = await o.call('GET', "/ACCOUNTS_RECEIVABLE('C1006')");
    o.sim.clock.now = Date.parse('2026-03-16T08:00:00.000Z');
    const r = await o.call('POST', `${invoicePath(final.IVNUM)}/AINVOICEITEMS_SUBFORM`, { PARTNAME: 'SRV-HOUR', TQUANT: 1, PRICE: 100 });
    expect(r.status).toBe(201);
    const header = await o.call('GET', invoicePath(final.IVNUM));
    expect(header.body.STATDES).toBe('Final');
    expect(header.body.FINAL).toBe('Y');
    const after = await o.call('GET', "/ACCOUNTS_RECEIVABLE('C1006')");
    expect(Math.round((after.body.BALANCE - before.body.BALANCE) * 100)).toBe(10000);
    expect(await changedAt('ACCOUNTS_RECEIVABLE', 'C1006')).toBe('2026-03-16T08:00:00.000Z');
  });

  it('draft writes do not move the balance; a new customer surfaces an ACCOUNTS_RECEIVABLE row', async () => {
    const before = await o.call('GET', "/ACCOUNTS_RECEIVABLE('C1001')");
    await draft({ AINVOICEITEMS_SUBFORM: [{ PARTNAME: 'PUMP-100', PRICE: 100 }] });
    expect((await o.call('GET', "/ACCOUNTS_RECEIVABLE('C1001')")).body.BALANCE).toBe(before.body.BALANCE);
    await o.call('POST', '/CUSTOMERS', { CUSTNAME: 'ARNEW', CUSTDES: 'Fresh' });
    const ar = await o.call('GET', "/ACCOUNTS_RECEIVABLE('ARNEW')");
    expect(ar.status).toBe(200);
    expect(ar.body.BALANCE).toBe(0);
  });
});
