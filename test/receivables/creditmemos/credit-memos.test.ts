// Credit memos: spec 000 § Credit memo (receivablesCreditMemos) table and line, § Credit memos
// endpoint table, support matrix (actions approve/rework, the other children), § What the service
// does 5 (a memo cannot be applied through REST), § Credit memo status. Issue 10 § 1.
import { beforeAll, describe, expect, it } from 'vitest';
import { KIND, type CreditApplicationRow, type InstallmentRow } from '../../../src/engine/products/receivables/book/records.ts';
import { createEnv } from '../../support/sim.ts';
import { openApi, REST, SCOPE, type Api } from '../invoices/helpers.ts';

const CM = `${REST}/receivablesCreditMemos`;
const LINES = 'receivablesCreditMemoLines';
let api: Api;
let n = 0;

const body = (over: Record<string, unknown> = {}) => ({
  BusinessUnit: 'US1 Business Unit',
  TransactionNumber: `CM-T${++n}`,
  TransactionDate: '2026-03-01',
  BillToCustomerNumber: '10010',
  [LINES]: [
    { LineNumber: 1, LineDescription: 'Damaged housing', LineAmountCredit: 100.25 },
    { LineNumber: 2, LineAmountCredit: 50, LineQuantityCredit: 2 },
  ],
  ...over,
});

async function memoCount(): Promise<number> {
  return (await api.call('GET', `${CM}?totalResults=true&limit=1`)).body.totalResults;
}

beforeAll(async () => {
  api = await openApi();
});

describe('id space shared with invoices, rows not shared (spec 000 § Credit memo, first paragraph)', () => {
  it('a memo never appears under receivablesInvoices; an invoice id under receivablesCreditMemos is 404 and the reverse', async () => {
    const memos = (await api.call('GET', `${CM}?limit=500`)).body.items;
    expect(memos.map((m: any) => m.TransactionNumber).sort()).toEqual(['CM-5001', 'CM-5002']);
    const invoices = (await api.call('GET', `${REST}/receivablesInvoices?limit=500`)).body.items;
    expect(invoices.some((i: any) => memos.some((m: any) => m.CustomerTransactionId === i.CustomerTransactionId))).toBe(false);
    const inv = invoices[0].CustomerTransactionId;
    const a = await api.call('GET', `${CM}/${inv}`);
    expect(a.status).toBe(404);
    expect(a.body['o:errorCode']).toBe('SIM-REST-4041');
    const b = await api.call('GET', `${REST}/receivablesInvoices/${memos[0].CustomerTransactionId}`);
    expect(b.status).toBe(404);
    expect(b.body['o:errorCode']).toBe('AR-7041');
    expect((await api.call('PATCH', `${CM}/${inv}`, { RecipientEmail: 'x@y.example' })).status).toBe(404);
    expect((await api.call('GET', `${CM}/${inv}/child/${LINES}`)).status).toBe(404);
  });
});

describe('POST receivablesCreditMemos (Credit memos table; Credit memo table)', () => {
  it('creates header and lines: 201, Location, Complete, Credit Memo, EnteredAmount negative sum of lines, balance equal (unapplied)', async () => {
    const res = await api.call('POST', CM, body({ CreditReason: 'Damaged goods' }));
    expect(res.status).toBe(201);
    const m = res.body;
    expect(res.headers.get('location')).toBe(`http://sim.test${api.base}${CM}/${m.CustomerTransactionId}`);
    expect(m.CreditMemoStatus).toBe('Complete');
    expect(m.TransactionType).toBe('Credit Memo');
    expect(m.CreditMemoCurrency).toBe('USD');
    expect(m.EnteredAmount).toBe(-150.25);
    expect(m.TransactionBalanceDue).toBe(-150.25);
    expect(m.RecipientEmail).toBe('jane.cooper@acme-mfg.example');
    expect(m[LINES].map((l: any) => [l.LineNumber, l.LineAmountCredit, l.LineQuantityCredit])).toEqual([[1, 100.25, null], [2, 50, 2]]);
    const again = await api.call('GET', `${CM}/${m.CustomerTransactionId}?expand=${LINES}`);
    expect(again.body).toEqual(m);
    expect(String(m.CustomerTransactionId)).toMatch(/^\d{15,18}$/);
  });

  it('required BusinessUnit, TransactionDate, TransactionNumber, BillToCustomerNumber and each line LineNumber and LineAmountCredit: AR-1000 listing each', async () => {
    const before = await memoCount();
    const res = await api.call('POST', CM, { [LINES]: [{ LineDescription: 'x' }] });
    expect(res.status).toBe(400);
    expect(res.body['o:errorCode']).toBe('AR-1000');
    expect(res.body['o:errorDetails'].map((d: any) => d['o:errorPath'])).toEqual([
      'TransactionNumber', 'BusinessUnit', 'TransactionDate', 'BillToCustomerNumber', `${LINES}[0].LineNumber`, `${LINES}[0].LineAmountCredit`,
    ]);
    expect(await memoCount()).toBe(before);
  });

  it('no lines: AR-1001; CreditMemoStatus other than Complete and TransactionType other than Credit Memo refused (Credit memo status; Credit memo table)', async () => {
    expect((await api.call('POST', CM, body({ [LINES]: [] }))).body['o:errorCode']).toBe('AR-1001');
    expect((await api.call('POST', CM, body({ [LINES]: null }))).body['o:errorCode']).toBe('AR-1001');
    for (const s of ['Incomplete', 'Frozen']) {
      const r = await api.call('POST', CM, body({ CreditMemoStatus: s }));
      expect(r.status).toBe(400);
      expect(r.body['o:errorPath']).toBe('CreditMemoStatus');
    }
    const bad = await api.call('POST', CM, body({ CreditMemoStatus: 'Approved' }));
    expect([bad.status, bad.body['o:errorCode']]).toEqual([400, 'SIM-REST-4009']);
    expect((await api.call('POST', CM, body({ CreditMemoStatus: 'Complete' }))).status).toBe(201);
    const type = await api.call('POST', CM, body({ TransactionType: 'Invoice' }));
    expect([type.status, type.body['o:errorPath']]).toEqual([400, 'TransactionType']);
    expect((await api.call('POST', CM, body({ TransactionType: 'Credit Memo' }))).status).toBe(201);
  });

  it('EnteredAmount and TransactionBalanceDue are read-only (refused on create, named)', async () => {
    for (const name of ['EnteredAmount', 'TransactionBalanceDue', 'CustomerTransactionId']) {
      const r = await api.call('POST', CM, body({ [name]: -1 }));
      expect([r.status, r.body['o:errorCode'], r.body['o:errorPath']]).toEqual([400, 'SIM-REST-4008', name]);
    }
    const line = await api.call('POST', CM, body({ [LINES]: [{ LineNumber: 1, LineAmountCredit: 5, CustomerTransactionLineId: 1 }] }));
    expect(line.body['o:errorPath']).toBe(`${LINES}[0].CustomerTransactionLineId`);
  });

  it('customer, currency, amounts: AR-1010, AR-1030 (undefined, disabled, more decimals than the currency), positive LineAmountCredit, a used number', async () => {
    expect((await api.call('POST', CM, body({ BillToCustomerNumber: '99999' }))).body['o:errorCode']).toBe('AR-1010');
    expect((await api.call('POST', CM, body({ CreditMemoCurrency: 'DEM' }))).body['o:errorCode']).toBe('AR-1030');
    expect((await api.call('POST', CM, body({ CreditMemoCurrency: 'XXX' }))).body['o:errorCode']).toBe('AR-1030');
    const yen = await api.call('POST', CM, body({ CreditMemoCurrency: 'JPY', [LINES]: [{ LineNumber: 1, LineAmountCredit: 10.5 }] }));
    expect([yen.status, yen.body['o:errorCode'], yen.body['o:errorPath']]).toEqual([400, 'AR-1030', `${LINES}[0].LineAmountCredit`]);
    const kwd = await api.call('POST', CM, body({ CreditMemoCurrency: 'KWD', [LINES]: [{ LineNumber: 1, LineAmountCredit: 10.125 }] }));
    expect([kwd.status, kwd.body.EnteredAmount]).toEqual([201, -10.125]);
    for (const amount of [0, -5]) {
      const r = await api.call('POST', CM, body({ [LINES]: [{ LineNumber: 1, LineAmountCredit: amount }] }));
      expect([r.status, r.body['o:errorCode'], r.body['o:errorPath']]).toEqual([400, 'SIM-REST-4009', `${LINES}[0].LineAmountCredit`]);
    }
    const five = await api.call('POST', CM, body({ [LINES]: [{ LineNumber: 1, LineAmountCredit: 1.12345 }] }));
    expect(five.body['o:errorCode']).toBe('SIM-REST-4011');
    const dup = await api.call('POST', CM, body({ TransactionNumber: 'CM-5001' }));
    expect([dup.status, dup.body['o:errorPath']]).toEqual([400, 'TransactionNumber']);
    const dupLines = await api.call('POST', CM, body({ [LINES]: [{ LineNumber: 1, LineAmountCredit: 1 }, { LineNumber: 1, LineAmountCredit: 2 }] }));
    expect([dupLines.status, dupLines.body['o:errorPath']]).toEqual([400, `${LINES}[1].LineNumber`]);
  });

  it('header and lines are one transaction: a bad second line stores nothing (Credit memos table: written in one transaction)', async () => {
    const before = await memoCount();
    const r = await api.call('POST', CM, body({ TransactionNumber: 'CM-ATOMIC', [LINES]: [{ LineNumber: 1, LineAmountCredit: 10 }, { LineNumber: 2, LineAmountCredit: -1 }] }));
    expect(r.status).toBe(400);
    expect(await memoCount()).toBe(before);
    expect((await api.call('GET', `${CM}?q=${encodeURIComponent("TransactionNumber='CM-ATOMIC'")}`)).body.count).toBe(0);
    // The number is still free afterwards.
    expect((await api.call('POST', CM, body({ TransactionNumber: 'CM-ATOMIC' }))).status).toBe(201);
  });

  it('invalid JSON REST-01007; a query parameter on the write refused by name (Errors table; Common query parameters)', async () => {
    expect((await api.call('POST', CM, '{"BusinessUnit":')).body['o:errorCode']).toBe('REST-01007');
    const q = await api.call('POST', `${CM}?expand=all`, body());
    expect([q.status, q.body['o:errorCode'], q.body['o:errorPath']]).toEqual([400, 'REST-01002', 'expand']);
    expect((await api.call('POST', CM, '[]')).body['o:errorCode']).toBe('SIM-REST-4012');
  });
});

describe('GET (Credit memos table)', () => {
  it('item with expand=receivablesCreditMemoLines or all; an unrecognised child refused by name', async () => {
    const list = (await api.call('GET', `${CM}?q=${encodeURIComponent("TransactionNumber='CM-5001'")}`)).body.items;
    const id = list[0].CustomerTransactionId;
    const plain = await api.call('GET', `${CM}/${id}`);
    expect(plain.body[LINES]).toBeUndefined();
    expect(plain.body.links.find((l: any) => l.rel === 'child').name).toBe(LINES);
    expect((await api.call('GET', `${CM}/${id}?expand=all`)).body[LINES]).toHaveLength(1);
    const bad = await api.call('GET', `${CM}/${id}?expand=receivablesCreditMemoNope`);
    expect([bad.status, bad.body['o:errorCode']]).toEqual([400, 'SIM-REST-4004']);
    expect(bad.body.detail).toContain('receivablesCreditMemoNope');
    const notes = await api.call('GET', `${CM}?expand=notes`);
    expect([notes.status, notes.body['o:errorCode']]).toEqual([400, 'SIM-REST-4004']);
    expect(notes.body.detail).toContain('notes');
  });

  it('the other credit memo children (distributions, attachments, notes, flexfields) answer 404 naming them; an unknown child is a plain 404', async () => {
    const id = (await api.call('GET', `${CM}?limit=1`)).body.items[0].CustomerTransactionId;
    for (const child of ['receivablesCreditMemoDistributions', 'attachments', 'notes', 'receivablesCreditMemoDFF', 'receivablesCreditMemoGdf', 'receivablesCreditMemoTransactionDFF']) {
      const r = await api.call('GET', `${CM}/${id}/child/${child}`);
      expect([r.status, r.body['o:errorCode']]).toEqual([404, 'SIM-REST-4040']);
      expect(r.body.detail).toContain(child);
      expect((await api.call('POST', `${CM}/${id}/child/${child}`, {})).status).toBe(404);
    }
    const line = (await api.call('GET', `${CM}/${id}/child/${LINES}`)).body.items[0].CustomerTransactionLineId;
    const lineChild = await api.call('GET', `${CM}/${id}/child/${LINES}/${line}/child/receivablesCreditMemoLineTaxLines`);
    expect(lineChild.status).toBe(404);
    expect(lineChild.body.detail).toContain('receivablesCreditMemoLineTaxLines');
    const unknown = await api.call('GET', `${CM}/${id}/child/whatever`);
    expect([unknown.status, unknown.body['o:errorCode']]).toEqual([404, 'SIM-REST-4040']);
  });

  it('actions approve and rework answer 404 naming the action (support matrix); any other action is a plain 404', async () => {
    const id = (await api.call('GET', `${CM}?limit=1`)).body.items[0].CustomerTransactionId;
    for (const action of ['approve', 'rework']) {
      const r = await api.call('POST', `${CM}/${id}/action/${action}`, {});
      expect(r.status).toBe(404);
      expect(r.body.detail).toContain(action);
    }
    expect((await api.call('POST', `${CM}/${id}/action/complete`, {})).status).toBe(404);
  });

  it('collection: only memos, nine queryable attributes shown by describe; others refused in q', async () => {
    const d = (await api.call('GET', `${CM}/describe`)).body.Resources.receivablesCreditMemos;
    const queryable = d.attributes.filter((a: any) => a.queryable).map((a: any) => a.name);
    expect(queryable).toEqual(['CustomerTransactionId', 'TransactionNumber', 'BusinessUnit', 'TransactionDate', 'BillToCustomerNumber', 'CreditMemoCurrency', 'CreditMemoStatus', 'TransactionBalanceDue', 'LastUpdateDate']);
    expect(d.attributes.filter((a: any) => a.updatable).map((a: any) => a.name)).toEqual(['TransactionType', 'CreditMemoStatus', 'RecipientEmail']);
    expect(Object.keys(d.children)).toEqual([LINES]);
    for (const q of ["BillToCustomerNumber='10080'", "CreditMemoStatus='Complete'", 'TransactionBalanceDue=0', "TransactionDate>='2000-01-01'"]) {
      const r = await api.call('GET', `${CM}?q=${encodeURIComponent(q)}`);
      expect(r.status, q).toBe(200);
      expect(r.body.count, q).toBeGreaterThan(0);
    }
    for (const q of ['EnteredAmount<0', "CreditReason='x'", "RecipientEmail='x'", "TransactionType='Credit Memo'"]) {
      const r = await api.call('GET', `${CM}?q=${encodeURIComponent(q)}`);
      expect([r.status, r.body['o:errorCode']], q).toEqual([400, 'SIM-REST-4001']);
    }
  });

  it('seeded CM-5001 and CM-5002 agree with the invoices they credited: -EnteredAmount = the credit applications = InstallmentAmountCredited, balance 0 (issue 10 § 1)', async () => {
    const data = await api.sim.engine.store.data(api.key);
    for (const number of ['CM-5001', 'CM-5002']) {
      const memo = (await api.call('GET', `${CM}?q=${encodeURIComponent(`TransactionNumber='${number}'`)}&expand=${LINES}`)).body.items[0];
      const apps = data.list<CreditApplicationRow>(KIND.creditApplication).filter((a) => a.CreditMemoNumber === number);
      expect(apps.length).toBeGreaterThan(0);
      const applied = apps.reduce((t, a) => t + Number(a.AmountApplied), 0);
      expect(-memo.EnteredAmount).toBeCloseTo(applied, 2);
      expect(memo.TransactionBalanceDue).toBe(0);
      expect(memo[LINES].reduce((t: number, l: any) => t + l.LineAmountCredit, 0)).toBeCloseTo(applied, 2);
      for (const a of apps) {
        const inst = data.get<InstallmentRow>(KIND.installment, String(a.ReferenceInstallmentId)) as InstallmentRow;
        const viaApi = (await api.call('GET', `${REST}/receivablesInvoices/${a.ReferenceTransactionId}/child/receivablesInvoiceInstallments/${inst.InstallmentId}`)).body;
        expect(viaApi.InstallmentAmountCredited).toBe(Number(a.AmountApplied));
      }
    }
  });
});

describe('PATCH (Credit memos table; Credit memo status)', () => {
  it('CreditMemoStatus moves between Complete, Incomplete and Frozen; RecipientEmail; TransactionType stays Credit Memo', async () => {
    const m = (await api.call('POST', CM, body())).body;
    const path = `${CM}/${m.CustomerTransactionId}`;
    for (const s of ['Incomplete', 'Frozen', 'Complete']) {
      const r = await api.call('PATCH', path, { CreditMemoStatus: s });
      expect([r.status, r.body.CreditMemoStatus]).toEqual([200, s]);
    }
    const e = await api.call('PATCH', path, { RecipientEmail: 'ap@acme-mfg.example', TransactionType: 'Credit Memo' });
    expect([e.status, e.body.RecipientEmail, e.body.TransactionType]).toEqual([200, 'ap@acme-mfg.example', 'Credit Memo']);
    expect(e.body.LastUpdateDate > m.LastUpdateDate).toBe(true);
    const other = await api.call('PATCH', path, { TransactionType: 'Invoice' });
    expect([other.status, other.body['o:errorCode'], other.body['o:errorPath']]).toEqual([400, 'SIM-REST-4009', 'TransactionType']);
    expect(other.body.detail).toContain('must remain Credit Memo');
    const bad = await api.call('PATCH', path, { CreditMemoStatus: 'Approved' });
    expect([bad.status, bad.body['o:errorCode']]).toEqual([400, 'SIM-REST-4009']);
    const mail = await api.call('PATCH', path, { RecipientEmail: 'not-an-email' });
    expect(mail.status).toBe(400);
    expect((await api.call('GET', path)).body.CreditMemoStatus).toBe('Complete');
  });

  it('AllowCompletion and ControlCompletionReason are refused by name; every other attribute refused (AR-1020), nothing changes', async () => {
    const m = (await api.call('POST', CM, body())).body;
    const path = `${CM}/${m.CustomerTransactionId}`;
    const before = (await api.call('GET', `${path}?expand=all`)).body;
    for (const name of ['AllowCompletion', 'ControlCompletionReason']) {
      const r = await api.call('PATCH', path, { [name]: 'Y', CreditMemoStatus: 'Frozen' });
      expect([r.status, r.body['o:errorCode'], r.body['o:errorPath']]).toEqual([400, 'AR-1020', name]);
      expect(r.body.detail).toContain(name);
    }
    for (const name of ['EnteredAmount', 'TransactionBalanceDue', 'BusinessUnit', 'TransactionNumber', 'BillToCustomerNumber', 'CreditMemoCurrency', 'CreditReason', 'TransactionDate', 'Nope']) {
      const r = await api.call('PATCH', path, { [name]: 'x' });
      expect([r.status, r.body['o:errorCode'], r.body['o:errorPath']], name).toEqual([400, 'AR-1020', name]);
    }
    expect((await api.call('PATCH', path, '{"CreditMemoStatus": ')).body['o:errorCode']).toBe('REST-01007');
    expect((await api.call('PATCH', path, '["Frozen"]')).body['o:errorCode']).toBe('SIM-REST-4012');
    expect((await api.call('PATCH', `${path}?fields=CreditMemoStatus`, { CreditMemoStatus: 'Frozen' })).body['o:errorCode']).toBe('REST-01002');
    expect((await api.call('POST', `${path}/child/${LINES}`, '{')).body['o:errorCode']).toBe('REST-01007');
    expect((await api.call('GET', `${path}?expand=all`)).body).toEqual(before);
  });

  it('no DELETE or PUT on a memo, no update or delete on lines: 405 naming the operation', async () => {
    const m = (await api.call('POST', CM, body())).body;
    const del = await api.call('DELETE', `${CM}/${m.CustomerTransactionId}`);
    expect([del.status, del.body['o:errorCode']]).toEqual([405, 'SIM-REST-4050']);
    expect(del.body.detail).toContain('delete');
    expect((await api.call('PUT', `${CM}/${m.CustomerTransactionId}`, {})).status).toBe(405);
    const line = m[LINES][0].CustomerTransactionLineId;
    expect((await api.call('PATCH', `${CM}/${m.CustomerTransactionId}/child/${LINES}/${line}`, { LineAmountCredit: 1 })).status).toBe(405);
    expect((await api.call('DELETE', `${CM}/${m.CustomerTransactionId}/child/${LINES}/${line}`)).status).toBe(405);
    expect((await api.call('GET', `${CM}/${m.CustomerTransactionId}`)).status).toBe(200);
  });
});

describe('lines child (Credit memos table; Credit memo line)', () => {
  it('GET collection in LineNumber order and one line; a line of another memo 404', async () => {
    const m = (await api.call('POST', CM, body({ [LINES]: [{ LineNumber: 3, LineAmountCredit: 3 }, { LineNumber: 1, LineAmountCredit: 1 }, { LineNumber: 2, LineAmountCredit: 2 }] }))).body;
    const list = await api.call('GET', `${CM}/${m.CustomerTransactionId}/child/${LINES}`);
    expect(list.body.items.map((l: any) => l.LineNumber)).toEqual([1, 2, 3]);
    const one = list.body.items[1];
    const item = await api.call('GET', `${CM}/${m.CustomerTransactionId}/child/${LINES}/${one.CustomerTransactionLineId}`);
    expect(item.body).toEqual(one);
    const other = (await api.call('POST', CM, body())).body;
    expect((await api.call('GET', `${CM}/${other.CustomerTransactionId}/child/${LINES}/${one.CustomerTransactionLineId}`)).status).toBe(404);
    expect((await api.call('GET', `${CM}/${m.CustomerTransactionId}/child/${LINES}/abc`)).body['o:errorCode']).toBe('REST-01002');
  });

  it('POST an array: 201 with the new lines; a single object is a set of one (201 item with Location); the header amount is re-derived every time and stays unapplied', async () => {
    const m = (await api.call('POST', CM, body())).body;
    const path = `${CM}/${m.CustomerTransactionId}`;
    const arr = await api.call('POST', `${path}/child/${LINES}`, [{ LineNumber: 3, LineAmountCredit: 10 }, { LineNumber: 4, LineAmountCredit: 0.75 }]);
    expect(arr.status).toBe(201);
    expect(arr.body.items.map((l: any) => l.LineNumber)).toEqual([3, 4]);
    let h = (await api.call('GET', path)).body;
    expect([h.EnteredAmount, h.TransactionBalanceDue]).toEqual([-161, -161]);
    const one = await api.call('POST', `${path}/child/${LINES}`, { LineNumber: 5, LineAmountCredit: 9 });
    expect(one.status).toBe(201);
    expect(one.headers.get('location')).toBe(`http://sim.test${api.base}${path}/child/${LINES}/${one.body.CustomerTransactionLineId}`);
    h = (await api.call('GET', path)).body;
    expect([h.EnteredAmount, h.TransactionBalanceDue]).toEqual([-170, -170]);
    expect(h.LastUpdateDate > m.LastUpdateDate).toBe(true);
  });

  it('refusals: empty set, used or missing LineNumber, missing or non-positive LineAmountCredit; nothing changes', async () => {
    const m = (await api.call('POST', CM, body())).body;
    const path = `${CM}/${m.CustomerTransactionId}`;
    expect((await api.call('POST', `${path}/child/${LINES}`, [])).status).toBe(400);
    const used = await api.call('POST', `${path}/child/${LINES}`, { LineNumber: 1, LineAmountCredit: 1 });
    expect([used.status, used.body['o:errorPath']]).toEqual([400, 'LineNumber']);
    const missing = await api.call('POST', `${path}/child/${LINES}`, [{ LineNumber: 7 }, { LineAmountCredit: 1 }]);
    expect([missing.status, missing.body['o:errorCode']]).toEqual([400, 'AR-1000']);
    expect(missing.body['o:errorDetails'].map((d: any) => d['o:errorPath'])).toEqual(['[0].LineAmountCredit', '[1].LineNumber']);
    const neg = await api.call('POST', `${path}/child/${LINES}`, [{ LineNumber: 8, LineAmountCredit: 5 }, { LineNumber: 9, LineAmountCredit: -5 }]);
    expect([neg.status, neg.body['o:errorPath']]).toEqual([400, '[1].LineAmountCredit']);
    const ro = await api.call('POST', `${path}/child/${LINES}`, { LineNumber: 8, LineAmountCredit: 5, CustomerTransactionLineId: 5 });
    expect(ro.body['o:errorCode']).toBe('SIM-REST-4008');
    expect((await api.call('GET', `${path}/child/${LINES}`)).body.count).toBe(2);
    expect((await api.call('GET', path)).body.EnteredAmount).toBe(-150.25);
  });
});

describe("another environment's credit memo answers exactly like a missing one (§ What the service does 2)", () => {
  it('GET, PATCH, lines', async () => {
    const other = await createEnv(api.sim, 'receivables');
    const client = other.credentials.oauthClients[0];
    const tok = await api.sim.fetch(`${other.base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: SCOPE, client_id: client.clientId, client_secret: client.clientSecret }).toString(),
    });
    const token = ((await tok.json()) as { access_token: string }).access_token;
    let theirs = 0;
    for (let i = 0; i < 40; i++) {
      const r = await api.sim.fetch(`${other.base}${CM}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body()) });
      theirs = ((await r.json()) as { CustomerTransactionId: number }).CustomerTransactionId;
    }
    const missing = 899999999999999;
    for (const [method, path, b] of [
      ['GET', (id: number) => `${CM}/${id}`, undefined],
      ['GET', (id: number) => `${CM}/${id}/child/${LINES}`, undefined],
      ['PATCH', (id: number) => `${CM}/${id}`, { CreditMemoStatus: 'Frozen' }],
      ['POST', (id: number) => `${CM}/${id}/child/${LINES}`, { LineNumber: 9, LineAmountCredit: 1 }],
    ] as const) {
      const a = await api.call(method, path(theirs), b);
      const m = await api.call(method, path(missing), b);
      expect(a.status).toBe(404);
      expect(JSON.stringify(a.body).replaceAll(String(theirs), '<id>')).toBe(JSON.stringify(m.body).replaceAll(String(missing), '<id>'));
    }
  });
});
