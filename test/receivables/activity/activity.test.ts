// Customer account activity: spec 000 § Other read-only resources (receivablesCustomerAccountActivities,
// receivablesCustomerAccountSiteActivities and their seven children), § What the service does 4 and 8,
// § Read-only resources endpoint table, support matrix. Issue 10 § 3.
import Big from 'big.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { KIND, type CustomerAccountRow, type InvoiceRow, type ReceiptApplicationRow, type SiteUseRow, type StandardReceiptRow } from '../../../src/engine/products/receivables/book/records.ts';
import { createEnv } from '../../support/sim.ts';
import { openApi, REST, type Api } from '../invoices/helpers.ts';
import { referenceTotals, shownTotals } from './reference.ts';

const ACT = `${REST}/receivablesCustomerAccountActivities`;
const SITE = `${REST}/receivablesCustomerAccountSiteActivities`;
const CHILDREN = ['standardReceipts', 'standardReceiptApplications', 'transactionPaymentSchedules', 'creditMemos', 'creditMemoApplications', 'transactionsPaidByOtherCustomers', 'transactionAdjustments'];
const ACCOUNT_SET = ['AccountId', 'AccountNumber', 'CustomerId', 'CustomerName', 'TaxpayerIdentificationNumber', 'TaxRegistrationNumber', 'CreatedBy', 'CreationDate', 'LastUpdatedBy', 'LastUpdateDate', 'TotalOpenReceivablesForAccount', 'TotalTransactionsDueForAccount'];
const SITE_SET = ['BillToSiteUseId', 'AccountId', 'AccountNumber', 'CustomerId', 'CustomerName', 'TaxpayerIdentificationNumber', 'TaxRegistrationNumber', 'CreatedBy', 'CreationDate', 'LastUpdatedBy', 'LastUpdateDate', 'TotalOpenReceivablesForSite', 'TotalTransactionsDueForSite'];

let api: Api;
let accounts: CustomerAccountRow[];
const acc = (number: string) => accounts.find((a) => a.AccountNumber === number) as CustomerAccountRow;

beforeAll(async () => {
  api = await openApi();
  accounts = [...(await api.sim.engine.store.data(api.key)).list<CustomerAccountRow>(KIND.customerAccount)];
});

/** A receipt row as the receipts service stores it (written straight to the store, as AutoMatch would see it). */
function receipt(id: number, account: CustomerAccountRow | null, amount: string, unapplied: string, state: StandardReceiptRow['State'], currency = 'USD'): StandardReceiptRow {
  return {
    StandardReceiptId: id, ReceiptNumber: `RCPT-T${id}`, ReceiptMethod: 'Check', BusinessUnit: 'US1 Business Unit', Amount: amount, Currency: currency,
    ReceiptDate: '2026-03-10', AccountingDate: '2026-03-10', CustomerAccountNumber: account?.AccountNumber ?? null, CustomerName: account?.AccountName ?? null,
    CustomerSite: null, State: state, Status: 'CONFIRMED', UnappliedAmount: unapplied, customerAccountId: account?.CustomerAccountId ?? null, customerSiteUseId: null,
    CreatedBy: 'TEST', CreationDate: '2026-03-10T00:00:00.000+0000', LastUpdatedBy: 'TEST', LastUpdateDate: '2026-03-10T00:00:00.000+0000',
  };
}

describe('the emitted attribute sets (§ Other read-only resources)', () => {
  it('account activity: one row per customer account, exactly the spec set; site activity: one row per bill-to site, the same set with BillToSiteUseId and site totals; no name carried between them, no currency', async () => {
    const a = await api.call('GET', `${ACT}?limit=500&onlyData=true`);
    expect(a.body.count).toBe(accounts.length);
    for (const row of a.body.items) expect(Object.keys(row)).toEqual(ACCOUNT_SET);
    const data = await api.sim.engine.store.data(api.key);
    const billTo = data.list<SiteUseRow>(KIND.siteUse).filter((u) => u.SiteUseCode === 'BILL_TO');
    const s = await api.call('GET', `${SITE}?limit=500&onlyData=true`);
    expect(s.body.count).toBe(billTo.length);
    for (const row of s.body.items) expect(Object.keys(row)).toEqual(SITE_SET);
    const acme = a.body.items.find((r: any) => r.AccountNumber === '10010');
    expect([acme.AccountId, acme.CustomerId, acme.CustomerName]).toEqual([acc('10010').CustomerAccountId, acc('10010').PartyId, 'Acme Manufacturing Corp']);
    for (const [path, name, set] of [[ACT, 'receivablesCustomerAccountActivities', ACCOUNT_SET], [SITE, 'receivablesCustomerAccountSiteActivities', SITE_SET]] as const) {
      const d = (await api.call('GET', `${path}/describe`)).body.Resources[name];
      expect(d.attributes.map((x: any) => x.name)).toEqual(set);
      expect(Object.keys(d.children)).toEqual(CHILDREN);
      expect(d.item.links.filter((l: any) => l.rel === 'child').map((l: any) => l.name)).toEqual(CHILDREN);
    }
    const cross = await api.call('GET', `${ACT}?fields=TotalOpenReceivablesForSite`);
    expect([cross.status, cross.body['o:errorCode']]).toEqual([400, 'SIM-REST-4005']);
    const cross2 = await api.call('GET', `${SITE}?q=${encodeURIComponent('TotalOpenReceivablesForAccount>0')}`);
    expect([cross2.status, cross2.body['o:errorCode']]).toEqual([400, 'SIM-REST-4001']);
  });

  it('a SHIP_TO site use, a missing id and a non-numeric id under site activities', async () => {
    const data = await api.sim.engine.store.data(api.key);
    const ship = data.list<SiteUseRow>(KIND.siteUse).find((u) => u.SiteUseCode === 'SHIP_TO') as SiteUseRow;
    expect((await api.call('GET', `${SITE}/${ship.SiteUseId}`)).status).toBe(404);
    expect((await api.call('GET', `${ACT}/999999999999999`)).body['o:errorCode']).toBe('SIM-REST-4041');
    expect((await api.call('GET', `${ACT}/abc`)).body['o:errorCode']).toBe('REST-01002');
    expect((await api.call('GET', `${SITE}/abc/child/creditMemos`)).body['o:errorCode']).toBe('REST-01002');
  });
});

describe('totals (§ What the service does 8; § Other read-only resources)', () => {
  it('in USD at the book rates, voided transactions excluded, equal to an independent reckoning, and each account equals the sum of its sites', async () => {
    const shown = await shownTotals(api);
    const ref = await referenceTotals(api);
    expect(shown.accounts).toEqual(ref.accounts);
    expect(shown.sites).toEqual(ref.sites);
    const data = await api.sim.engine.store.data(api.key);
    for (const a of accounts) {
      const sites = data.list<SiteUseRow>(KIND.siteUse).filter((u) => u.customerAccountId === a.CustomerAccountId && u.SiteUseCode === 'BILL_TO');
      const sum = sites.reduce((t, u) => t.plus(shown.sites.get(u.SiteUseId)?.open ?? 0), new Big(0));
      expect(sum.toFixed(2)).toBe(shown.accounts.get(a.CustomerAccountId)?.open);
    }
    // EUR (10050): 21930.85 open + 9908.70 left on the half-paid one, x 1.085.
    const eur = data.list<InvoiceRow>(KIND.invoice).filter((i) => i.customerAccountId === acc('10050').CustomerAccountId);
    const eurDue = eur.reduce((t, i) => t.plus(i.InvoiceBalanceAmount), new Big(0));
    expect(shown.accounts.get(acc('10050').CustomerAccountId)?.due).toBe(eurDue.times('1.085').round(2, Big.roundHalfUp).toFixed(2));
    // The void of 10080 (balance 0, EnteredAmount 21322.70) has no payment schedule in the activity.
    const voided = data.list<InvoiceRow>(KIND.invoice).find((i) => i.voided) as InvoiceRow;
    const sched = await api.call('GET', `${ACT}/${voided.customerAccountId}/child/transactionPaymentSchedules?q=${encodeURIComponent(`TransactionId=${voided.CustomerTransactionId}`)}`);
    expect(sched.body.count).toBe(0);
  });

  it('TotalOpenReceivables is net of unapplied cash and goes negative when unapplied cash exceeds what is owed; unidentified and reversed receipts do not count', async () => {
    const ironwood = acc('10090');
    const before = (await api.call('GET', `${ACT}/${ironwood.CustomerAccountId}`)).body;
    const owed = new Big(before.TotalOpenReceivablesForAccount); // already net of the cash the book holds for it
    expect(owed.gt(0)).toBe(true);
    await api.sim.engine.store.write(api.key, (tx) => {
      tx.put(KIND.standardReceipt, '777000000000001', receipt(777000000000001, ironwood, owed.plus(1000).toFixed(2), owed.plus(1000).toFixed(2), 'UNAPPLIED'));
      tx.put(KIND.standardReceipt, '777000000000002', receipt(777000000000002, ironwood, '5000.00', '5000.00', 'REVERSE PAYMENT'));
      tx.put(KIND.standardReceipt, '777000000000003', receipt(777000000000003, null, '5000.00', '5000.00', 'UNIDENTIFIED'));
    });
    const after = (await api.call('GET', `${ACT}/${ironwood.CustomerAccountId}`)).body;
    expect(after.TotalTransactionsDueForAccount).toBe(before.TotalTransactionsDueForAccount);
    expect(after.TotalOpenReceivablesForAccount).toBe(-1000);
    const negative = await api.call('GET', `${ACT}?q=${encodeURIComponent('TotalOpenReceivablesForAccount<0')}`);
    expect(negative.body.items.map((r: any) => r.AccountNumber)).toEqual(['10090']);
    const siteNeg = await api.call('GET', `${SITE}?q=${encodeURIComponent('TotalOpenReceivablesForSite<0')}`);
    expect(siteNeg.body.items.map((r: any) => r.AccountNumber)).toEqual(['10090']);
    const shown = await shownTotals(api);
    expect(shown.accounts).toEqual((await referenceTotals(api)).accounts);
  });

  it('totals filter but are not sort keys (derived on read)', async () => {
    const r = await api.call('GET', `${ACT}?orderBy=TotalOpenReceivablesForAccount:desc`);
    expect([r.status, r.body['o:errorCode']]).toEqual([400, 'SIM-REST-4002']);
    expect((await api.call('GET', `${ACT}?q=${encodeURIComponent('TotalTransactionsDueForAccount>100000')}`)).body.count).toBeGreaterThan(0);
  });
});

describe('the seven children (§ Other read-only resources)', () => {
  it('on both parents, each with its own attribute names, embeddable with expand or expand=all; unknown child 404, unknown expand 400', async () => {
    const acme = acc('10010');
    const site = (await api.call('GET', `${SITE}?q=${encodeURIComponent("AccountNumber='10010'")}`)).body.items[0];
    const all = (await api.call('GET', `${ACT}/${acme.CustomerAccountId}?expand=all&onlyData=true`)).body;
    const names = new Map<string, string[]>();
    for (const child of CHILDREN) {
      expect(Array.isArray(all[child]), child).toBe(true);
      const viaChild = await api.call('GET', `${ACT}/${acme.CustomerAccountId}/child/${child}?limit=500&onlyData=true`);
      expect(viaChild.body.items, child).toEqual(all[child]);
      const one = await api.call('GET', `${SITE}/${site.BillToSiteUseId}?expand=${child}&onlyData=true`);
      expect(Object.keys(one.body)).toEqual([...SITE_SET, child]);
      const d = (await api.call('GET', `${ACT}/describe`)).body.Resources.receivablesCustomerAccountActivities.children[child];
      names.set(child, d.attributes.map((a: any) => a.name));
      for (const row of all[child]) expect(Object.keys(row)).toEqual(names.get(child));
    }
    expect(all.transactionPaymentSchedules.length).toBeGreaterThan(5);
    expect(all.standardReceiptApplications.length).toBeGreaterThan(2);
    expect(all.creditMemos.map((m: any) => m.CreditMemoNumber)).toEqual(['CM-5001']);
    expect(all.creditMemoApplications.length).toBe(1);
    expect(all.transactionAdjustments.length).toBe(1);
    // Own names: the keys differ between children.
    expect(new Set(CHILDREN.map((c) => (names.get(c) as string[])[0])).size).toBeGreaterThan(3);
    expect((await api.call('GET', `${ACT}/${acme.CustomerAccountId}/child/nope`)).status).toBe(404);
    const bad = await api.call('GET', `${ACT}/${acme.CustomerAccountId}?expand=nope`);
    expect([bad.status, bad.body['o:errorCode']]).toEqual([400, 'SIM-REST-4004']);
    // A child item, and a key of another account's child.
    const sched = all.transactionPaymentSchedules[0];
    expect((await api.call('GET', `${ACT}/${acme.CustomerAccountId}/child/transactionPaymentSchedules/${sched.InstallmentId}?onlyData=true`)).body).toEqual(sched);
    expect((await api.call('GET', `${ACT}/${acc('10020').CustomerAccountId}/child/transactionPaymentSchedules/${sched.InstallmentId}`)).status).toBe(404);
  });

  it('derived CreditMemoStatus, ReferenceTransactionStatus and PaymentDaysLate filter as predicates and are refused as sort keys', async () => {
    const id = acc('10010').CustomerAccountId;
    const cases = [
      ['creditMemos', "CreditMemoStatus='CL'", 'CreditMemoStatus'],
      ['standardReceiptApplications', "ReferenceTransactionStatus='OP'", 'ReferenceTransactionStatus'],
      ['transactionPaymentSchedules', 'PaymentDaysLate>0', 'PaymentDaysLate'],
    ] as const;
    for (const [child, q, attr] of cases) {
      const all = (await api.call('GET', `${ACT}/${id}/child/${child}?limit=500`)).body.items as any[];
      const hit = await api.call('GET', `${ACT}/${id}/child/${child}?limit=500&q=${encodeURIComponent(q)}`);
      expect(hit.status, q).toBe(200);
      expect(hit.body.count, q).toBeGreaterThan(0);
      expect(hit.body.count, q).toBeLessThanOrEqual(all.length);
      const sorted = await api.call('GET', `${ACT}/${id}/child/${child}?orderBy=${attr}:asc`);
      expect([sorted.status, sorted.body['o:errorCode']], attr).toEqual([400, 'SIM-REST-4002']);
      expect(sorted.body.detail).toContain(attr);
    }
    const late = (await api.call('GET', `${ACT}/${id}/child/transactionPaymentSchedules?limit=500&q=${encodeURIComponent('PaymentDaysLate>0')}`)).body.items;
    for (const s of late) expect(s.InstallmentStatus).toBe('OP');
    // PaymentDaysLate follows the environment clock.
    const before = late[0].PaymentDaysLate;
    await api.advanceClock(2 * 86_400_000);
    const moved = (await api.call('GET', `${ACT}/${id}/child/transactionPaymentSchedules/${late[0].InstallmentId}`)).body;
    expect(moved.PaymentDaysLate).toBe(before + 2);
  });

  it('each child has its own queryable set: a non-queryable attribute is refused in q', async () => {
    const id = acc('10010').CustomerAccountId;
    for (const [child, q] of [['standardReceipts', 'UnappliedAmount>0'], ['transactionPaymentSchedules', 'TotalBalanceAmount>0'], ['creditMemos', 'CreditMemoBalance<0'], ['transactionAdjustments', 'AdjustedAmount<0'], ['creditMemoApplications', 'AmountApplied>0'], ['standardReceiptApplications', 'ApplicationAmount>0'], ['transactionsPaidByOtherCustomers', 'AmountApplied>0']] as const) {
      const r = await api.call('GET', `${ACT}/${id}/child/${child}?q=${encodeURIComponent(q)}`);
      expect([r.status, r.body['o:errorCode']], child).toEqual([400, 'SIM-REST-4001']);
    }
  });

  it("standardReceiptApplications is where AutoMatch's applications are read: an application written by a run appears at once; one paying another customer's invoice shows under transactionsPaidByOtherCustomers (§ What the service does 4)", async () => {
    const blue = acc('10020');
    const delta = acc('10040');
    const data = await api.sim.engine.store.data(api.key);
    const inv = data.list<InvoiceRow>(KIND.invoice).find((i) => i.customerAccountId === blue.CustomerAccountId && i.InvoiceStatus === 'Complete' && Number(i.InvoiceBalanceAmount) > 100) as InvoiceRow;
    const before = (await api.call('GET', `${ACT}/${blue.CustomerAccountId}/child/standardReceiptApplications?limit=500`)).body.count;
    const app: ReceiptApplicationRow = {
      ApplicationId: 777100000000001, StandardReceiptId: 777100000000002, ReceiptNumber: 'RCPT-DELTA', ReferenceTransactionId: inv.CustomerTransactionId,
      ReferenceTransactionNumber: inv.TransactionNumber, ReferenceInstallmentId: inv.installmentIds[0] as number, ApplicationAmount: '100.00', Currency: 'USD',
      ApplicationDate: '2026-03-14', AccountingDate: '2026-03-14', ApplicationStatus: 'APP', ActivityName: null, customerAccountId: delta.CustomerAccountId,
      LastUpdateDate: '2026-03-14T00:00:00.000+0000',
    };
    await api.sim.engine.store.write(api.key, (tx) => {
      tx.put(KIND.standardReceipt, String(app.StandardReceiptId), { ...receipt(app.StandardReceiptId, delta, '100.00', '0.00', 'APPLIED'), ReceiptNumber: 'RCPT-DELTA' });
      tx.put(KIND.receiptApplication, String(app.ApplicationId), app);
    });
    const after = await api.call('GET', `${ACT}/${blue.CustomerAccountId}/child/standardReceiptApplications?limit=500&q=${encodeURIComponent("ReceiptNumber='RCPT-DELTA'")}`);
    expect(after.body.count).toBe(1);
    expect(after.body.items[0]).toMatchObject({ ApplicationId: app.ApplicationId, ApplicationAmount: 100, ReferenceTransactionNumber: inv.TransactionNumber, ReferenceTransactionStatus: 'OP' });
    expect((await api.call('GET', `${ACT}/${blue.CustomerAccountId}/child/standardReceiptApplications?limit=500`)).body.count).toBe(before + 1);
    const site = (await api.call('GET', `${SITE}/${inv.billToSiteUseId}/child/standardReceiptApplications?q=${encodeURIComponent("ReceiptNumber='RCPT-DELTA'")}`)).body;
    expect(site.count).toBe(1);
    const others = (await api.call('GET', `${ACT}/${blue.CustomerAccountId}/child/transactionsPaidByOtherCustomers`)).body.items;
    expect(others).toHaveLength(1);
    expect(others[0]).toMatchObject({ TransactionNumber: inv.TransactionNumber, PayingCustomerAccountNumber: '10040', ReceiptNumber: 'RCPT-DELTA', AmountApplied: 100 });
    // Delta's receipt shows under Delta's standardReceipts, not Blue Harbor's.
    expect((await api.call('GET', `${ACT}/${delta.CustomerAccountId}/child/standardReceipts?q=${encodeURIComponent("ReceiptNumber='RCPT-DELTA'")}`)).body.count).toBe(1);
    expect((await api.call('GET', `${ACT}/${blue.CustomerAccountId}/child/standardReceipts?q=${encodeURIComponent("ReceiptNumber='RCPT-DELTA'")}`)).body.count).toBe(0);
  });
});

describe('finders (real-product-facts: CustomerAccountActivitiesFinder, CustomerAccountSiteActivitiesFinder)', () => {
  it('customer variables filter; TransactionLimitByDays and TransactionStatus refused by name; PrimaryKey; others refused', async () => {
    const one = await api.call('GET', `${ACT}?finder=${encodeURIComponent('CustomerAccountActivitiesFinder;AccountNumber=10020')}`);
    expect(one.body.items.map((r: any) => r.AccountNumber)).toEqual(['10020']);
    const byName = await api.call('GET', `${SITE}?finder=${encodeURIComponent("CustomerAccountSiteActivitiesFinder;CustomerName='Horizon Retail Group'")}`);
    expect(byName.body.count).toBe(2);
    const tin = acc('10010').TaxpayerIdentificationNumber as string;
    expect((await api.call('GET', `${ACT}?finder=${encodeURIComponent(`CustomerAccountActivitiesFinder;TaxpayerIdentificationNumber=${tin}`)}`)).body.count).toBe(1);
    for (const v of ['TransactionLimitByDays=90', 'TransactionStatus=Open']) {
      const r = await api.call('GET', `${ACT}?finder=${encodeURIComponent(`CustomerAccountActivitiesFinder;${v}`)}`);
      expect([r.status, r.body['o:errorCode']]).toEqual([400, 'SIM-REST-4003']);
      expect(r.body.detail).toContain(v.split('=')[0]);
    }
    const pk = await api.call('GET', `${ACT}?finder=${encodeURIComponent(`PrimaryKey;AccountId=${acc('10030').CustomerAccountId}`)}`);
    expect(pk.body.items.map((r: any) => r.AccountNumber)).toEqual(['10030']);
    const wrong = await api.call('GET', `${ACT}?finder=CustomerAccountSiteActivitiesFinder`);
    expect(wrong.status).toBe(400);
  });
});

describe('read-only (Read-only resources table: GET only)', () => {
  it('POST, PATCH, PUT, DELETE on parents and children answer 405', async () => {
    const id = acc('10010').CustomerAccountId;
    for (const [method, path] of [['POST', ACT], ['PATCH', `${ACT}/${id}`], ['DELETE', `${SITE}/${id}`], ['POST', `${ACT}/${id}/child/standardReceipts`], ['DELETE', `${ACT}/${id}/child/creditMemos/1`]] as const) {
      const r = await api.call(method, path, method === 'DELETE' ? undefined : {});
      expect([r.status, r.body['o:errorCode']], `${method} ${path}`).toEqual([405, 'SIM-REST-4050']);
    }
  });
});

describe("another environment's records answer exactly like missing ones (§ What the service does 2)", () => {
  it('an account, a bill-to site and a child row that only another environment holds', async () => {
    const other = await createEnv(api.sim, 'receivables');
    const theirs = 896969696969696;
    const missing = 899999999999999;
    const acme = acc('10010');
    await api.sim.engine.store.write(other.key, (tx) => {
      const a = tx.get<CustomerAccountRow>(KIND.customerAccount, String(acme.CustomerAccountId)) as CustomerAccountRow;
      tx.put(KIND.customerAccount, String(theirs), { ...a, CustomerAccountId: theirs, AccountNumber: '99001' });
      const u = tx.list<SiteUseRow>(KIND.siteUse).find((x) => x.SiteUseCode === 'BILL_TO') as SiteUseRow;
      tx.put(KIND.siteUse, String(theirs), { ...u, SiteUseId: theirs });
      tx.put(KIND.standardReceipt, String(theirs), receipt(theirs, acme, '10.00', '10.00', 'UNAPPLIED'));
    });
    const same = async (path: (id: number) => string) => {
      const a = await api.call('GET', path(theirs));
      const m = await api.call('GET', path(missing));
      expect(a.status).toBe(404);
      expect(JSON.stringify(a.body).replaceAll(String(theirs), '<id>')).toBe(JSON.stringify(m.body).replaceAll(String(missing), '<id>'));
    };
    await same((id) => `${ACT}/${id}`);
    await same((id) => `${ACT}/${id}/child/standardReceipts`);
    await same((id) => `${SITE}/${id}`);
    await same((id) => `${ACT}/${acme.CustomerAccountId}/child/standardReceipts/${id}`);
    expect((await api.call('GET', `${ACT}?q=${encodeURIComponent("AccountNumber='99001'")}`)).body.count).toBe(0);
  });
});
