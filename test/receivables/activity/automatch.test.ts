// An application made by an AutoMatch run is read at once through the activity child
// standardReceiptApplications, and the totals follow: the invoice's balance falls out of
// TotalTransactionsDue while the receipt's cash moves from unapplied to applied, so
// TotalOpenReceivables does not move (spec 000 § What the service does 4: "Receipt applications are
// created only by this process and are readable through the account-activity resources"; § 8).
import { beforeAll, expect, it } from 'vitest';
import { KIND, type CustomerAccountRow, type InvoiceRow } from '../../../src/engine/products/receivables/book/records.ts';
import { openApi, REST, type Api } from '../invoices/helpers.ts';
import { referenceTotals, shownTotals } from './reference.ts';

const ACT = `${REST}/receivablesCustomerAccountActivities`;
let api: Api;

beforeAll(async () => {
  api = await openApi();
});

it('a receipt applied by a run shows under standardReceiptApplications at once; due falls by the amount, open stays', async () => {
  const data = await api.sim.engine.store.data(api.key);
  const blue = data.list<CustomerAccountRow>(KIND.customerAccount).find((a) => a.AccountNumber === '10020') as CustomerAccountRow;
  const inv = data.list<InvoiceRow>(KIND.invoice).find((i) => i.customerAccountId === blue.CustomerAccountId && i.InvoiceStatus === 'Complete' && !i.voided && i.scenario === 'open') as InvoiceRow;
  const before = (await api.call('GET', `${ACT}/${blue.CustomerAccountId}`)).body;
  const created = await api.call('POST', `${REST}/standardReceipts`, {
    ReceiptMethod: 'Check', BusinessUnit: 'US1 Business Unit', Amount: 1000, Currency: 'USD', ReceiptDate: '2026-03-14', CustomerAccountNumber: '10020',
    remittanceReferences: [{ ReferenceNumber: inv.TransactionNumber, ReferenceAmount: 1000 }],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const receiptNumber = created.body.ReceiptNumber;
  // Created, not applied: the receipt's cash is unapplied and counts against what is owed.
  const pending = (await api.call('GET', `${ACT}/${blue.CustomerAccountId}`)).body;
  expect(pending.TotalTransactionsDueForAccount).toBe(before.TotalTransactionsDueForAccount);
  expect(pending.TotalOpenReceivablesForAccount).toBeCloseTo(before.TotalOpenReceivablesForAccount - 1000, 2);
  const q = `q=${encodeURIComponent(`ReceiptNumber='${receiptNumber}'`)}`;
  expect((await api.call('GET', `${ACT}/${blue.CustomerAccountId}/child/standardReceiptApplications?${q}`)).body.count).toBe(0);

  const run = await api.sim.admin('POST', `/environments/${api.key}/automatch/run`);
  expect(run.status).toBe(200);
  expect(run.body.applied.map((a: any) => a.ReceiptNumber)).toContain(receiptNumber);

  const apps = (await api.call('GET', `${ACT}/${blue.CustomerAccountId}/child/standardReceiptApplications?${q}`)).body;
  expect(apps.count).toBe(1);
  expect(apps.items[0]).toMatchObject({ ReferenceTransactionNumber: inv.TransactionNumber, ApplicationAmount: 1000, ReferenceTransactionStatus: 'OP' });
  const site = (await api.call('GET', `${REST}/receivablesCustomerAccountSiteActivities/${inv.billToSiteUseId}/child/standardReceiptApplications?${q}`)).body;
  expect(site.count).toBe(1);
  const after = (await api.call('GET', `${ACT}/${blue.CustomerAccountId}`)).body;
  expect(after.TotalTransactionsDueForAccount).toBeCloseTo(before.TotalTransactionsDueForAccount - 1000, 2);
  expect(after.TotalOpenReceivablesForAccount).toBeCloseTo(pending.TotalOpenReceivablesForAccount, 2);
  const receipt = (await api.call('GET', `${ACT}/${blue.CustomerAccountId}/child/standardReceipts?${q}`)).body.items[0];
  expect([receipt.ReceiptState, receipt.UnappliedAmount]).toEqual(['APPLIED', 0]);
  const shown = await shownTotals(api);
  const ref = await referenceTotals(api);
  expect(shown.accounts).toEqual(ref.accounts);
  expect(shown.sites).toEqual(ref.sites);
});
