// Property: after any sequence of operations (invoices created in any currency and site, lines added,
// statuses changed, invoices deleted, credit memos created and extended, memo statuses changed,
// receipts recorded in any state), the activity totals equal an independent reckoning from the
// invoices, memos and receipts they summarize, and every account equals the sum of its sites.
// Spec 000 § What the service does 8; § Other read-only resources (totals in USD, voided excluded,
// net of unapplied cash). Issue 10 § Bad input, tests, targets (property test of the activity totals).
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { KIND, type CustomerAccountRow, type SiteUseRow, type StandardReceiptRow } from '../../../src/engine/products/receivables/book/records.ts';
import { openApi, REST, type Api } from '../invoices/helpers.ts';
import { referenceTotals, shownTotals } from './reference.ts';

let api: Api;
let accounts: CustomerAccountRow[];
let sites: SiteUseRow[];

beforeAll(async () => {
  api = await openApi();
  const data = await api.sim.engine.store.data(api.key);
  accounts = [...data.list<CustomerAccountRow>(KIND.customerAccount)];
  sites = data.list<SiteUseRow>(KIND.siteUse).filter((u) => u.SiteUseCode === 'BILL_TO');
});

const CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'KWD'] as const;
const decimals = { USD: 2, EUR: 2, GBP: 2, JPY: 0, KWD: 3 } as const;
const amountIn = (cur: (typeof CURRENCIES)[number]) => fc.integer({ min: 1, max: 5_000_000 }).map((minor) => minor / 10 ** decimals[cur]);

type Op =
  | { t: 'invoice'; account: number; site: number; cur: (typeof CURRENCIES)[number]; qty: number; price: number }
  | { t: 'line'; pick: number; qty: number }
  | { t: 'status'; pick: number; status: 'Complete' | 'Incomplete' | 'Frozen' }
  | { t: 'delete'; pick: number }
  | { t: 'memo'; account: number; cur: (typeof CURRENCIES)[number]; credit: number }
  | { t: 'memoLine'; pick: number; credit: number }
  | { t: 'memoStatus'; pick: number; status: 'Complete' | 'Incomplete' | 'Frozen' }
  | { t: 'receipt'; account: number; site: number | null; cur: (typeof CURRENCIES)[number]; unapplied: number; state: StandardReceiptRow['State'] };

const currency = fc.constantFrom(...CURRENCIES);
const op: fc.Arbitrary<Op> = fc.oneof(
  currency.chain((cur) => fc.record({ t: fc.constant('invoice' as const), account: fc.nat(8), site: fc.nat(3), cur: fc.constant(cur), qty: fc.integer({ min: 1, max: 9 }), price: amountIn(cur) })),
  fc.record({ t: fc.constant('line' as const), pick: fc.nat(), qty: fc.integer({ min: 1, max: 5 }) }),
  fc.record({ t: fc.constant('status' as const), pick: fc.nat(), status: fc.constantFrom('Complete' as const, 'Incomplete' as const, 'Frozen' as const) }),
  fc.record({ t: fc.constant('delete' as const), pick: fc.nat() }),
  currency.chain((cur) => fc.record({ t: fc.constant('memo' as const), account: fc.nat(8), cur: fc.constant(cur), credit: amountIn(cur) })),
  fc.record({ t: fc.constant('memoLine' as const), pick: fc.nat(), credit: fc.integer({ min: 1, max: 90000 }) }),
  fc.record({ t: fc.constant('memoStatus' as const), pick: fc.nat(), status: fc.constantFrom('Complete' as const, 'Incomplete' as const, 'Frozen' as const) }),
  currency.chain((cur) => fc.record({
    t: fc.constant('receipt' as const), account: fc.nat(8), site: fc.option(fc.nat(3), { nil: null }), cur: fc.constant(cur), unapplied: amountIn(cur),
    state: fc.constantFrom<StandardReceiptRow['State']>('UNAPPLIED', 'APPLIED', 'UNIDENTIFIED', 'REVERSE PAYMENT', 'STOP PAYMENT', 'INSUFFICIENT FUNDS'),
  })),
);

let receiptSeq = 0;

async function apply(o: Op, invoices: number[], memos: { id: number; lines: number }[]): Promise<void> {
  switch (o.t) {
    case 'invoice': {
      const account = accounts[o.account % accounts.length] as CustomerAccountRow;
      const own = sites.filter((s) => s.customerAccountId === account.CustomerAccountId);
      const site = own[o.site % own.length] as SiteUseRow;
      const r = await api.call('POST', `${REST}/receivablesInvoices`, {
        BusinessUnit: 'US1 Business Unit', TransactionType: 'Invoice', TransactionSource: 'Manual', BillToCustomerNumber: account.AccountNumber,
        InvoiceCurrencyCode: o.cur, BillToSite: site.Location, receivablesInvoiceLines: [{ Quantity: o.qty, UnitSellingPrice: o.price }],
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      invoices.push(r.body.CustomerTransactionId);
      return;
    }
    case 'line':
    case 'status':
    case 'delete': {
      if (!invoices.length) return;
      const i = o.pick % invoices.length;
      const path = `${REST}/receivablesInvoices/${invoices[i]}`;
      if (o.t === 'line') expect((await api.call('POST', `${path}/child/receivablesInvoiceLines`, { Quantity: o.qty, UnitSellingPrice: 12.5 })).status).toBe(201);
      else if (o.t === 'status') expect((await api.call('PATCH', path, { InvoiceStatus: o.status })).status).toBe(200);
      else {
        expect((await api.call('DELETE', path)).status).toBe(204);
        invoices.splice(i, 1);
      }
      return;
    }
    case 'memo': {
      const account = accounts[o.account % accounts.length] as CustomerAccountRow;
      const r = await api.call('POST', `${REST}/receivablesCreditMemos`, {
        BusinessUnit: 'US1 Business Unit', TransactionNumber: `CM-P${++receiptSeq}`, TransactionDate: '2026-03-01', BillToCustomerNumber: account.AccountNumber,
        CreditMemoCurrency: o.cur, receivablesCreditMemoLines: [{ LineNumber: 1, LineAmountCredit: o.credit }],
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      memos.push({ id: r.body.CustomerTransactionId, lines: 1 });
      return;
    }
    case 'memoLine':
    case 'memoStatus': {
      if (!memos.length) return;
      const m = memos[o.pick % memos.length] as { id: number; lines: number };
      const path = `${REST}/receivablesCreditMemos/${m.id}`;
      if (o.t === 'memoStatus') expect((await api.call('PATCH', path, { CreditMemoStatus: o.status })).status).toBe(200);
      else expect((await api.call('POST', `${path}/child/receivablesCreditMemoLines`, { LineNumber: ++m.lines, LineAmountCredit: o.credit })).status).toBe(201);
      return;
    }
    case 'receipt': {
      const identified = o.state !== 'UNIDENTIFIED';
      const account = accounts[o.account % accounts.length] as CustomerAccountRow;
      const own = sites.filter((s) => s.customerAccountId === account.CustomerAccountId);
      const id = 880000000000000 + ++receiptSeq;
      const amount = String(o.unapplied);
      await api.sim.engine.store.write(api.key, (tx) => {
        tx.put(KIND.standardReceipt, String(id), {
          StandardReceiptId: id, ReceiptNumber: `RCPT-P${id}`, ReceiptMethod: 'Check', BusinessUnit: 'US1 Business Unit', Amount: amount, Currency: o.cur,
          ReceiptDate: '2026-03-10', AccountingDate: '2026-03-10', CustomerAccountNumber: identified ? account.AccountNumber : null, CustomerName: null, CustomerSite: null,
          State: o.state, Status: 'CONFIRMED', UnappliedAmount: amount, customerAccountId: identified ? account.CustomerAccountId : null,
          customerSiteUseId: identified && o.site !== null ? (own[o.site % own.length] as SiteUseRow).SiteUseId : null,
          CreatedBy: 'TEST', CreationDate: '2026-03-10T00:00:00.000+0000', LastUpdatedBy: 'TEST', LastUpdateDate: '2026-03-10T00:00:00.000+0000',
        } satisfies StandardReceiptRow);
      });
      return;
    }
  }
}

it('activity totals equal the invoices, memos and receipts they summarize after random operations; accounts equal the sum of their sites', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
      expect((await api.sim.admin('POST', `/environments/${api.key}/reset`)).status).toBe(200);
      const invoices: number[] = [];
      const memos: { id: number; lines: number }[] = [];
      for (const o of ops) await apply(o, invoices, memos);
      const shown = await shownTotals(api);
      const ref = await referenceTotals(api);
      expect(shown.sites).toEqual(ref.sites);
      expect(shown.accounts).toEqual(ref.accounts);
    }),
    { numRuns: 40, seed: 1010 },
  );
  expect(api.sim.engine.stats.unhandledErrors).toBe(0);
}, 120_000);
