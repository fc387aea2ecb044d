// Read-only resources: spec 000 § Other read-only resources (receivablesAdjustments, receiptMethods,
// customerAccountSitesLOV), § Read-only resources endpoint table, support matrix, § What the service
// does 2 and 5, § Installment (InstallmentAmountAdjusted always 0, PendingAdjustmentAmount always 0).
// Issue 10 § 2.
import { beforeAll, describe, expect, it } from 'vitest';
import { KIND, type AdjustmentRow, type SiteUseRow } from '../../../src/engine/products/receivables/book/records.ts';
import { createEnv } from '../../support/sim.ts';
import { openApi, REST, SCOPE, type Api } from '../invoices/helpers.ts';

const ADJ = `${REST}/receivablesAdjustments`;
const RM = `${REST}/receiptMethods`;
const LOV = `${REST}/customerAccountSitesLOV`;
let api: Api;

beforeAll(async () => {
  api = await openApi();
});

const RESOURCES = [
  { path: ADJ, key: 'AdjustmentId', name: 'receivablesAdjustments' },
  { path: RM, key: 'ReceiptMethodId', name: 'receiptMethods' },
  { path: LOV, key: 'SiteUseId', name: 'customerAccountSitesLOV' },
] as const;

describe('collection, item, PrimaryKey finder, describe (Read-only resources table)', () => {
  for (const r of RESOURCES) {
    it(`${r.name}: GET collection and item agree; finder PrimaryKey;${r.key}; other finders refused by name; describe`, async () => {
      const list = await api.call('GET', `${r.path}?limit=500&totalResults=true`);
      expect(list.status).toBe(200);
      expect(list.body.count).toBeGreaterThan(0);
      const first = list.body.items[0];
      const item = await api.call('GET', `${r.path}/${first[r.key]}`);
      expect(item.body).toEqual(first);
      const found = await api.call('GET', `${r.path}?finder=${encodeURIComponent(`PrimaryKey;${r.key}=${first[r.key]}`)}`);
      expect(found.body.items).toEqual([first]);
      const none = await api.call('GET', `${r.path}?finder=${encodeURIComponent(`PrimaryKey;${r.key}=1`)}`);
      expect(none.body.items).toEqual([]);
      const other = await api.call('GET', `${r.path}?finder=MyFinder`);
      expect([other.status, other.body['o:errorCode']]).toEqual([400, 'SIM-REST-4003']);
      expect(other.body.detail).toContain('MyFinder');
      const d = await api.call('GET', `${r.path}/describe`);
      expect(d.status).toBe(200);
      const desc = d.body.Resources[r.name];
      expect(desc.attributes.map((a: any) => a.name)).toEqual(Object.keys(first).filter((k) => k !== 'links'));
      expect(desc.attributes.every((a: any) => a.updatable === false && a.allowChanges === 'never')).toBe(true);
      expect(desc.collection.finders.map((f: any) => f.name)).toEqual(['PrimaryKey']);
      expect((await api.call('GET', `${r.path}/abc`)).body['o:errorCode']).toBe('REST-01002');
      const missing = await api.call('GET', `${r.path}/999999999999999`);
      expect([missing.status, missing.body['o:errorCode']]).toEqual([404, 'SIM-REST-4041']);
    });

    it(`${r.name}: POST, PATCH, PUT and DELETE answer 405 naming the operation (support matrix)`, async () => {
      const id = (await api.call('GET', `${r.path}?limit=1`)).body.items[0][r.key];
      for (const [method, path, op] of [['POST', r.path, 'create'], ['PATCH', `${r.path}/${id}`, 'update'], ['PUT', `${r.path}/${id}`, 'replace'], ['DELETE', `${r.path}/${id}`, 'delete'], ['DELETE', r.path, 'delete']] as const) {
        const res = await api.call(method, path, method === 'DELETE' ? undefined : {});
        expect([res.status, res.body['o:errorCode']], `${method} ${path}`).toEqual([405, 'SIM-REST-4050']);
        expect(res.body.detail).toContain(`The ${op} operation (${method})`);
        expect(res.headers.get('allow')).toBe('GET');
      }
      expect((await api.call('GET', `${r.path}/${id}`)).status).toBe(200);
    });
  }
});

describe('receivablesAdjustments', () => {
  it('the facts fields, six queryable attributes', async () => {
    const d = (await api.call('GET', `${ADJ}/describe`)).body.Resources.receivablesAdjustments;
    expect(d.attributes.map((a: any) => a.name)).toEqual([
      'AdjustmentId', 'AdjustmentNumber', 'AdjustmentType', 'AdjustmentAmount', 'AdjustmentDate', 'AccountingDate', 'Status', 'ReceivablesActivity',
      'BusinessUnit', 'CustomerTransactionId', 'TransactionNumber', 'TransactionClass', 'AccountedAmount', 'Currency', 'InstallmentNumber',
      'InstallmentBalance', 'AdjustmentReason', 'ApprovedBy', 'BillToSiteUseId', 'Comments',
    ]);
    expect(d.attributes.filter((a: any) => a.queryable).map((a: any) => a.name)).toEqual(['AdjustmentId', 'AdjustmentNumber', 'AdjustmentDate', 'Status', 'CustomerTransactionId', 'TransactionNumber']);
    expect((await api.call('GET', `${ADJ}?q=${encodeURIComponent("Status='R'")}`)).body.count).toBe(3);
    expect((await api.call('GET', `${ADJ}?q=${encodeURIComponent('AdjustmentAmount<0')}`)).body['o:errorCode']).toBe('SIM-REST-4001');
  });

  it('the seeded story: no adjustment moved a balance (rejected, or approved with an approved reversal on the same installment); InstallmentAmountAdjusted and PendingAdjustmentAmount stay 0 everywhere (§ What the service does 5; Installment table)', async () => {
    const adjs = (await api.call('GET', `${ADJ}?limit=500`)).body.items as any[];
    expect(adjs.length).toBe(5);
    const net = new Map<string, number>();
    for (const a of adjs) {
      expect(['A', 'R']).toContain(a.Status);
      if (a.Status === 'A') net.set(`${a.CustomerTransactionId}/${a.InstallmentNumber}`, (net.get(`${a.CustomerTransactionId}/${a.InstallmentNumber}`) ?? 0) + a.AdjustmentAmount);
      expect(a.ApprovedBy === null).toBe(a.Status === 'R');
    }
    expect(net.size).toBe(1);
    for (const v of net.values()) expect(v).toBe(0);
    let page = 0;
    for (;;) {
      const inv = await api.call('GET', `${REST}/receivablesInvoices?limit=500&offset=${page * 500}&expand=receivablesInvoiceInstallments`);
      for (const i of inv.body.items) for (const s of i.receivablesInvoiceInstallments) expect([s.InstallmentAmountAdjusted, s.PendingAdjustmentAmount]).toEqual([0, 0]);
      if (!inv.body.hasMore) break;
      page++;
    }
    // Each adjusted invoice has applications, so it can never be deleted from under its adjustment.
    for (const a of adjs) {
      const del = await api.call('DELETE', `${REST}/receivablesInvoices/${a.CustomerTransactionId}`);
      expect(del.body['o:errorCode']).toBe('AR_TRX_DELETE_NOT_ALLOWED');
    }
  });

  it('AccountedAmount is AdjustmentAmount in USD at the book rate (EUR 45.00 x 1.085 = 48.83)', async () => {
    const eur = (await api.call('GET', `${ADJ}?limit=500`)).body.items.find((a: any) => a.Currency === 'EUR');
    expect([eur.AdjustmentAmount, eur.AccountedAmount]).toEqual([45, 48.83]);
  });

  it('receivablesAdjustmentDFF: the child and expand naming it are refused by name (support matrix)', async () => {
    const id = (await api.call('GET', `${ADJ}?limit=1`)).body.items[0].AdjustmentId;
    const child = await api.call('GET', `${ADJ}/${id}/child/receivablesAdjustmentDFF`);
    expect([child.status, child.body['o:errorCode']]).toEqual([404, 'SIM-REST-4040']);
    expect(child.body.detail).toContain('receivablesAdjustmentDFF');
    expect((await api.call('GET', `${ADJ}/${id}/child/receivablesAdjustmentDFF/1`)).status).toBe(404);
    for (const path of [`${ADJ}?expand=receivablesAdjustmentDFF`, `${ADJ}/${id}?expand=receivablesAdjustmentDFF`]) {
      const r = await api.call('GET', path);
      expect([r.status, r.body['o:errorCode']]).toEqual([400, 'SIM-REST-4004']);
      expect(r.body.detail).toContain('receivablesAdjustmentDFF');
    }
  });
});

describe('receiptMethods', () => {
  it('ReceiptMethodId, Name, ReceiptClass, StartDate, EndDate and no status: a retired method looks like an active one but for its EndDate', async () => {
    const items = (await api.call('GET', `${RM}?onlyData=true`)).body.items as any[];
    expect(items.map((m) => m.Name)).toEqual(['Check', 'Wire Transfer', 'ACH', 'Lockbox Check']);
    for (const m of items) expect(Object.keys(m)).toEqual(['ReceiptMethodId', 'Name', 'ReceiptClass', 'StartDate', 'EndDate']);
    const today = new Date(api.sim.clock.now).toISOString().slice(0, 10); // the environment clock has no offset here
    const lockbox = items.find((m) => m.Name === 'Lockbox Check');
    expect(lockbox.EndDate < today).toBe(true);
    expect(items.filter((m) => m.Name !== 'Lockbox Check').every((m) => m.EndDate === null)).toBe(true);
  });
});

describe('customerAccountSitesLOV', () => {
  it('one row per site use, no address attributes and no SiteUseCode', async () => {
    const data = await api.sim.engine.store.data(api.key);
    const uses = data.list<SiteUseRow>(KIND.siteUse);
    const list = await api.call('GET', `${LOV}?limit=500&onlyData=true`);
    expect(list.body.count).toBe(uses.length);
    expect(list.body.items.map((r: any) => r.SiteUseId).sort()).toEqual(uses.map((u) => u.SiteUseId).sort());
    for (const row of list.body.items) {
      for (const k of Object.keys(row)) expect(k).not.toMatch(/Address|City|Postal|Country|State|SiteUseCode/);
    }
    const d = (await api.call('GET', `${LOV}/describe`)).body.Resources.customerAccountSitesLOV;
    expect(d.attributes.map((a: any) => a.name)).not.toContain('SiteUseCode');
  });

  it('the names of bill-to rows are usable as BillToSite on invoice create', async () => {
    const rows = (await api.call('GET', `${LOV}?q=${encodeURIComponent("AccountNumber='10080'")}&onlyData=true`)).body.items as any[];
    const data = await api.sim.engine.store.data(api.key);
    const billTo = rows.filter((r) => data.get<SiteUseRow>(KIND.siteUse, String(r.SiteUseId))?.SiteUseCode === 'BILL_TO');
    expect(billTo.map((r) => r.Location).sort()).toEqual(['Horizon Atlanta', 'Horizon Miami']);
    for (const row of billTo) {
      const res = await api.call('POST', `${REST}/receivablesInvoices`, {
        BusinessUnit: 'US1 Business Unit', TransactionType: 'Invoice', TransactionSource: 'Manual', BillToCustomerNumber: '10080',
        InvoiceCurrencyCode: 'USD', BillToSite: row.Location, receivablesInvoiceLines: [{ Quantity: 1, UnitSellingPrice: 10 }],
      });
      expect([res.status, res.body.BillToSite]).toEqual([201, row.Location]);
    }
  });

  it('/customerAccountSites/{id}/child/siteUses answers 404 (support matrix)', async () => {
    const r = await api.call('GET', `${REST}/customerAccountSites/1/child/siteUses`);
    expect([r.status, r.body['o:errorCode']]).toEqual([404, 'SIM-REST-4040']);
    expect(r.body.detail).toContain('siteUses');
    expect((await api.call('GET', `${REST}/customerAccountSites`)).status).toBe(404);
  });
});

describe("another environment's row answers exactly like a missing one (Read-only resources table; § What the service does 2)", () => {
  it('adjustments, receipt methods, site uses', async () => {
    const other = await createEnv(api.sim, 'receivables');
    const client = other.credentials.oauthClients[0];
    const tok = await api.sim.fetch(`${other.base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: SCOPE, client_id: client.clientId, client_secret: client.clientSecret }).toString(),
    });
    const token = ((await tok.json()) as { access_token: string }).access_token;
    // A row only the other environment has: written there, with an id this environment never issued.
    const theirs = 898989898989898;
    await api.sim.engine.store.write(other.key, (tx) => {
      const row = tx.list<AdjustmentRow>(KIND.adjustment)[0] as AdjustmentRow;
      tx.put(KIND.adjustment, String(theirs), { ...row, AdjustmentId: theirs });
    });
    const seen = await api.sim.fetch(`${other.base}${ADJ}/${theirs}`, { headers: { authorization: `Bearer ${token}` } });
    expect(seen.status).toBe(200);
    const missing = 899999999999999;
    const a = await api.call('GET', `${ADJ}/${theirs}`);
    const m = await api.call('GET', `${ADJ}/${missing}`);
    expect(a.status).toBe(404);
    expect(JSON.stringify(a.body).replaceAll(String(theirs), '<id>')).toBe(JSON.stringify(m.body).replaceAll(String(missing), '<id>'));
    expect((await api.call('GET', `${ADJ}?finder=${encodeURIComponent(`PrimaryKey;AdjustmentId=${theirs}`)}`)).body.items).toEqual([]);
  });

  it('receipt methods and site uses that only another environment holds', async () => {
    const other = await createEnv(api.sim, 'receivables');
    const theirs = 897979797979797;
    const missing = 899999999999999;
    await api.sim.engine.store.write(other.key, (tx) => {
      tx.put(KIND.receiptMethod, String(theirs), { ReceiptMethodId: theirs, Name: 'Their method', ReceiptClass: 'Manual Receipts', StartDate: '2020-01-01', EndDate: null });
      const use = tx.list<SiteUseRow>(KIND.siteUse)[0] as SiteUseRow;
      tx.put(KIND.siteUse, String(theirs), { ...use, SiteUseId: theirs, Location: 'Their site' });
    });
    for (const path of [RM, LOV]) {
      const a = await api.call('GET', `${path}/${theirs}`);
      const m = await api.call('GET', `${path}/${missing}`);
      expect(a.status, path).toBe(404);
      expect(JSON.stringify(a.body).replaceAll(String(theirs), '<id>')).toBe(JSON.stringify(m.body).replaceAll(String(missing), '<id>'));
      expect((await api.call('GET', `${path}?limit=500`)).body.items.some((r: any) => Object.values(r).includes(theirs))).toBe(false);
    }
  });
});
