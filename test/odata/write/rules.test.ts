// spec 001 § Write rules 4-6, § States and transitions (Final rows), § Endpoints (PUT), § Errors
// (InterfaceErrors shape), § Versioning 2 (x-deployment-id on every 2xx): rules the other write
// tests do not pin down.
import { beforeAll, describe, expect, it } from 'vitest';
import { createDraft, invoicePath, odataEnv, q, type ODataClient } from './helpers.ts';

let o: ODataClient;
beforeAll(async () => {
  o = await odataEnv({ now: '2026-03-15T10:00:00.000Z' });
});

const draft = (body: Record<string, unknown> = {}) => createDraft(o, body);

describe('write rule 6: coercion of keys and decimals', () => {
  it('spec 001 § Write rules, rule 6: non-empty keys are stored as given (case, spaces, length beyond the column)', async () => {
    const key = 'mixed Case key 20+ch'; // 20 UTF-16 units in a S(16) key column
    const r = await o.call('POST', '/CUSTOMERS', { CUSTNAME: key, CUSTDES: 'x'.repeat(60) });
    expect(r.status).toBe(201);
    expect(r.body.CUSTNAME).toBe(key);
    expect(r.body.STATDES).toBe('Active');
    expect(r.body.CUSTDES).toBe('x'.repeat(48)); // a non-key column still truncates
    const back = await o.call('GET', `/CUSTOMERS(${encodeURIComponent(q(key))})`);
    expect(back.status).toBe(200);
    expect(back.body.CUSTNAME).toBe(key);
    expect((await o.call('GET', `/CUSTOMERS(${encodeURIComponent(q(key.slice(0, 16)))})`)).status).toBe(404);
    const name = `${'N'.repeat(40)}`; // contact NAME is S(37), a key part
    const c = await o.call('POST', `/CUSTOMERS(${encodeURIComponent(q(key))})/CUSTPERSONNEL_SUBFORM`, { NAME: name });
    expect(c.status).toBe(201);
    expect(c.body.NAME).toBe(name);
  });

  it('spec 001 § Write rules, rule 6: decimal precision is not enforced (scale is)', async () => {
    const r = await o.call('POST', '/CUSTOMERS', { CUSTNAME: 'PREC1', CUSTDES: 'Precision', COMMISSION: 123456.789 }); // D(p6s2)
    expect(r.status).toBe(201);
    expect(r.body.COMMISSION).toBe(123456.79);
    const text = (await o.call('GET', "/CUSTOMERS('PREC1')?$select=COMMISSION")).text;
    expect(text).toContain('"COMMISSION":123456.79');
  });
});

describe('write rule 6: the whole-unit check follows the line part', () => {
  it("a line PATCH naming another part takes its description and unit: 'kg' accepts a fraction, back to an 'ea' part refuses it", async () => {
    const b = await draft({ AINVOICEITEMS_SUBFORM: [{ PARTNAME: 'PUMP-100', TQUANT: 2, PRICE: 10 }] });
    const line = `${invoicePath(b.IVNUM)}/AINVOICEITEMS_SUBFORM(1)`;
    const kg = await o.call('PATCH', line, { PARTNAME: 'GREASE-HT', TQUANT: 1.5 });
    expect(kg.status).toBe(200);
    expect([kg.body.PDES, kg.body.TUNITNAME, kg.body.UNITNAME, kg.body.TQUANT, kg.body.TOTPRICE]).toEqual(['High-temperature grease', 'kg', 'kg', 1.5, 15]);
    const ea = await o.call('PATCH', line, { PARTNAME: 'PUMP-100' });
    expect(ea.status).toBe(400);
    expect(ea.body.FORM.InterfaceErrors.text).toContain("'ea'");
    const back = await o.call('PATCH', line, { PARTNAME: 'PUMP-100', TQUANT: 3, PDES: 'Own text' });
    expect(back.status).toBe(200);
    expect([back.body.PDES, back.body.TUNITNAME, back.body.TOTPRICE]).toEqual(['Own text', 'ea', 30]);
    expect((await o.call('GET', invoicePath(b.IVNUM))).body.TOTPRICE).toBe(30);
  });
});

describe('write rules 4 and 5: form-validated columns', () => {
  it('spec 001 § Write rules, rule 4: AINVOICES.REFERENCE on PATCH refuses the whole write; "" and null succeed and store null', async () => {
    const b = await draft();
    const path = invoicePath(b.IVNUM);
    const bad = await o.call('PATCH', path, { DETAILS: 'should not stick', REFERENCE: 'PO-77' });
    expect(bad.status).toBe(400);
    expect(bad.body.FORM['@TYPE']).toBe('AINVOICES');
    expect(bad.body.FORM.InterfaceErrors.text).toContain("'PO-77'");
    expect((await o.call('GET', path)).body.DETAILS).toBeNull();
    for (const ref of ['', null]) {
      const ok = await o.call('PATCH', path, { DETAILS: 'kept', REFERENCE: ref });
      expect(ok.status).toBe(200);
      expect(ok.body.REFERENCE).toBeNull();
      expect(ok.body.DETAILS).toBe('kept');
    }
  });

  it('spec 001 § Write rules, rule 5: an empty string is stored distinct from null, except in form-validated columns (CUSTOMERS.STATDES)', async () => {
    await o.call('POST', '/CUSTOMERS', { CUSTNAME: 'EMPTY1', CUSTDES: 'Empty strings' });
    const r = await o.call('PATCH', "/CUSTOMERS('EMPTY1')", { STATDES: '', FAX: '', EMAIL: null });
    expect(r.status).toBe(200);
    expect(r.body.STATDES).toBeNull();
    expect(r.body.FAX).toBe('');
    expect(r.body.EMAIL).toBeNull();
    const filtered = await o.call('GET', `/CUSTOMERS?$filter=${encodeURIComponent("CUSTNAME eq 'EMPTY1' and FAX eq '' and STATDES eq null")}&$select=CUSTNAME`);
    expect(filtered.body.value).toEqual([{ CUSTNAME: 'EMPTY1' }]);
  });
});

describe('spec 001 § Errors: InterfaceErrors document shape', () => {
  it('?xml header, FORM @TYPE, InterfaceErrors @XmlFormat and text; the row counter names the form row, not the failing child', async () => {
    const r = await o.call('POST', '/CUSTOMERS', {
      CUSTNAME: 'IFE1',
      CUSTDES: 'Interface errors',
      CUSTPERSONNEL_SUBFORM: [{ NAME: 'First' }, { NAME: 'Second' }, { EMAIL: 'third has no name' }],
    });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body)).toEqual(['?xml', 'FORM']);
    expect(r.body['?xml']).toEqual({ '@version': '1.0', '@encoding': 'utf-8', '@standalone': 'yes' });
    expect(r.body.FORM['@TYPE']).toBe('CUSTOMERS');
    expect(r.body.FORM.InterfaceErrors['@XmlFormat']).toBe('0');
    expect(r.body.FORM.InterfaceErrors.text).toMatch(/^Line 1- /);
    const lines = await o.call('POST', '/AINVOICES', { CUSTNAME: 'C1001', AINVOICEITEMS_SUBFORM: [{ PARTNAME: 'PUMP-100' }, { PARTNAME: 'PUMP-100' }, { PDES: 'no part' }] });
    expect(lines.status).toBe(400);
    expect(lines.body.FORM['@TYPE']).toBe('AINVOICES');
    expect(lines.body.FORM.InterfaceErrors.text).toMatch(/^Line 1- /);
  });
});

describe('spec 001 § Endpoints: PUT on subform rows', () => {
  it('PUT on an existing line -> bare 404; on a missing line or under a missing parent -> 400 record not found; nothing changes', async () => {
    const b = await draft({ AINVOICEITEMS_SUBFORM: [{ PARTNAME: 'PUMP-100', PRICE: 5 }] });
    const path = invoicePath(b.IVNUM);
    const existing = await o.req('PUT', `${path}/AINVOICEITEMS_SUBFORM(1)`, { PRICE: 99 });
    expect(existing.status).toBe(404);
    expect(await existing.text()).toBe('');
    const missing = await o.call('PUT', `${path}/AINVOICEITEMS_SUBFORM(7)`, { PRICE: 99 });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe('A record with the specified key was not found');
    const orphan = await o.call('PUT', `${invoicePath('T0')}/AINVOICEITEMS_SUBFORM(1)`, { PRICE: 99 });
    expect(orphan.status).toBe(400);
    expect((await o.call('GET', path)).body.TOTPRICE).toBe(5);
  });
});

describe('spec 001 § States and transitions: Final rows', () => {
  it('PATCH of writable columns on a Final invoice is accepted (200) and it stays Final; FINAL and STATDES in the body are ignored', async () => {
    const data = await o.sim.engine.store.data(o.key);
    const final = data.list('AINVOICES').find((i) => i['STATDES'] === 'Final' && i['CUSTNAME'] === 'C1002') as { IVNUM: string };
    const r = await o.call('PATCH', invoicePath(final.IVNUM), { DETAILS: 'after final', FINAL: null, STATDES: 'Draft' });
    expect(r.status).toBe(200);
    expect(r.body.DETAILS).toBe('after final');
    expect(r.body.FINAL).toBe('Y');
    expect(r.body.STATDES).toBe('Final');
  });

  it('line PATCH and DELETE on a Final invoice move the receivable balance by the line amount', async () => {
    const data = await o.sim.engine.store.data(o.key);
    const final = data.list('AINVOICES').find((i) => i['STATDES'] === 'Final' && i['CUSTNAME'] === 'C1003') as { IVNUM: string };
    const path = invoicePath(final.IVNUM);
    const balance = async () => (await o.call('GET', "/ACCOUNTS_RECEIVABLE('C1003')")).body.BALANCE as number;
    const cents = (x: number) => Math.round(x * 100);
    const lines = (await o.call('GET', `${path}/AINVOICEITEMS_SUBFORM?$select=KLINE,TOTPRICE`)).body.value as { KLINE: number; TOTPRICE: number }[];
    const [first] = lines;
    expect(first).toBeDefined();
    const b0 = await balance();
    const p = await o.call('PATCH', `${path}/AINVOICEITEMS_SUBFORM(${first!.KLINE})`, { PRICE: 0 });
    expect(p.status).toBe(200);
    expect(p.body.TOTPRICE).toBe(0);
    const b1 = await balance();
    expect(cents(b0 - b1)).toBe(cents(first!.TOTPRICE));
    const header = await o.call('GET', path);
    expect([header.body.FINAL, header.body.STATDES]).toEqual(['Y', 'Final']);
    if (lines.length > 1) {
      const second = lines[1]!;
      expect((await o.req('DELETE', `${path}/AINVOICEITEMS_SUBFORM(${second.KLINE})`)).status).toBe(204);
      expect(cents(b1 - (await balance()))).toBe(cents(second.TOTPRICE));
    }
  });
});

describe('spec 001 § Versioning, rule 2: x-deployment-id on every 2xx', () => {
  it('201 create, 200 PATCH, 204 DELETE, 200 $batch, text/plain /$count, HEAD and OPTIONS on discovery; never on errors', async () => {
    const created = await o.req('POST', '/CUSTOMERS', { CUSTNAME: 'DEP1', CUSTDES: 'Deployment' });
    const patched = await o.req('PATCH', "/CUSTOMERS('DEP1')", { PHONE: '1' });
    const b = await draft({ AINVOICEITEMS_SUBFORM: [{ PARTNAME: 'PUMP-100' }] });
    const deleted = await o.req('DELETE', `${invoicePath(b.IVNUM)}/AINVOICEITEMS_SUBFORM(1)`);
    const batch = await o.req('POST', '/$batch', { requests: [] });
    const count = await o.req('GET', '/CUSTOMERS/$count');
    const head = await o.req('HEAD', '/');
    const options = await o.req('OPTIONS', '/$metadata');
    const oks = [created, patched, deleted, batch, count, head, options];
    expect(oks.map((r) => r.status)).toEqual([201, 200, 204, 200, 200, 200, 200]);
    const ids = new Set(oks.map((r) => r.headers.get('x-deployment-id')));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toBeTruthy();
    const refusals = [
      await o.req('POST', '/CUSTOMERS', { CUSTNAME: 'DEP1', CUSTDES: 'again' }),
      await o.req('GET', "/CUSTOMERS('NOPE')"),
      await o.req('GET', '/customers'),
      await o.sim.fetch(`${o.base}/odata/Priority/tabula.ini/demo/CUSTOMERS`),
    ];
    expect(refusals.map((r) => r.status)).toEqual([409, 404, 404, 401]);
    for (const r of refusals) expect(r.headers.get('x-deployment-id')).toBeNull();
  });
});
