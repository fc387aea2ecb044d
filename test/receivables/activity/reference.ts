/**
 * An independent reckoning of the account-activity totals (docs/reference/receivables.md § Customer account
 * activity) from what the API shows of invoices and credit memos and from the stored receipts:
 * per bill-to site and currency, summed in the currency, converted at the book rate and rounded
 * half up to cents; accounts are the sums of their sites.
 */
import Big from 'big.js';
import { KIND, type CreditMemoRow, type CurrencyRow, type InvoiceRow, type SiteUseRow, type StandardReceiptRow } from '../../../src/engine/products/receivables/book/records.ts';
import type { Api } from '../invoices/helpers.ts';
import { REST } from '../invoices/helpers.ts';

export interface Totals {
  open: string;
  due: string;
}

async function all(api: Api, path: string): Promise<any[]> { // any: JSON rows under test
  const out: any[] = [];
  for (let offset = 0; ; offset += 500) {
    const r = await api.call('GET', `${path}${path.includes('?') ? '&' : '?'}limit=500&offset=${offset}&onlyData=true`);
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
    out.push(...r.body.items);
    if (!r.body.hasMore) return out;
  }
}

export async function referenceTotals(api: Api): Promise<{ accounts: Map<number, Totals>; sites: Map<number, Totals> }> {
  const data = await api.sim.engine.store.data(api.key);
  const uses = data.list<SiteUseRow>(KIND.siteUse).filter((u) => u.SiteUseCode === 'BILL_TO');
  const primary = new Map<number, number>();
  for (const u of [...uses].sort((a, b) => Number(b.PrimaryFlag) - Number(a.PrimaryFlag) || a.SiteUseId - b.SiteUseId)) if (!primary.has(u.customerAccountId)) primary.set(u.customerAccountId, u.SiteUseId);
  const accountOfSite = new Map(uses.map((u) => [u.SiteUseId, u.customerAccountId]));
  const rate = (code: string) => data.get<CurrencyRow>(KIND.currency, code)?.rateToUsd ?? '1';
  type Sums = Map<number, Map<string, Big>>;
  const due: Sums = new Map();
  const credit: Sums = new Map();
  const cash: Sums = new Map();
  const add = (s: Sums, site: number, cur: string, amt: number | string) => {
    const m = s.get(site) ?? new Map<string, Big>();
    s.set(site, m);
    m.set(cur, (m.get(cur) ?? new Big(0)).plus(amt));
  };
  for (const inv of await all(api, `${REST}/receivablesInvoices`)) {
    if (inv.TransactionType === 'Void' || inv.InvoiceStatus === 'Incomplete') continue;
    const row = data.get<InvoiceRow>(KIND.invoice, String(inv.CustomerTransactionId)) as InvoiceRow;
    const site = uses.find((u) => u.customerAccountId === row.customerAccountId && u.Location === inv.BillToSite)?.SiteUseId ?? (primary.get(row.customerAccountId) as number);
    add(due, site, inv.InvoiceCurrencyCode, inv.InvoiceBalanceAmount);
  }
  for (const m of await all(api, `${REST}/receivablesCreditMemos`)) {
    if (m.CreditMemoStatus === 'Incomplete') continue;
    const row = data.get<CreditMemoRow>(KIND.creditMemo, String(m.CustomerTransactionId)) as CreditMemoRow;
    add(credit, row.billToSiteUseId ?? (primary.get(row.customerAccountId) as number), m.CreditMemoCurrency, m.TransactionBalanceDue);
  }
  for (const r of data.list<StandardReceiptRow>(KIND.standardReceipt)) {
    if (r.customerAccountId === null || r.customerAccountId === undefined || !['APPLIED', 'UNAPPLIED'].includes(r.State)) continue;
    add(cash, r.customerSiteUseId ?? (primary.get(r.customerAccountId) as number), r.Currency, r.UnappliedAmount);
  }
  const usd = (s: Sums, site: number) => [...(s.get(site) ?? new Map<string, Big>())].reduce((t, [cur, amt]) => t.plus(amt.times(rate(cur)).round(2, Big.roundHalfUp)), new Big(0));
  const sites = new Map<number, Totals>();
  const accounts = new Map<number, { open: Big; due: Big }>();
  for (const u of uses) {
    const d = usd(due, u.SiteUseId);
    const o = d.plus(usd(credit, u.SiteUseId)).minus(usd(cash, u.SiteUseId));
    sites.set(u.SiteUseId, { open: o.toFixed(2), due: d.toFixed(2) });
    const acc = accountOfSite.get(u.SiteUseId) as number;
    const cur = accounts.get(acc) ?? { open: new Big(0), due: new Big(0) };
    accounts.set(acc, { open: cur.open.plus(o), due: cur.due.plus(d) });
  }
  return { accounts: new Map([...accounts].map(([k, v]) => [k, { open: v.open.toFixed(2), due: v.due.toFixed(2) }])), sites };
}

/** The totals as the activity resources show them. */
export async function shownTotals(api: Api): Promise<{ accounts: Map<number, Totals>; sites: Map<number, Totals> }> {
  const accounts = new Map<number, Totals>();
  for (const a of await all(api, `${REST}/receivablesCustomerAccountActivities`)) {
    accounts.set(a.AccountId, { open: new Big(a.TotalOpenReceivablesForAccount).toFixed(2), due: new Big(a.TotalTransactionsDueForAccount).toFixed(2) });
  }
  const sites = new Map<number, Totals>();
  for (const s of await all(api, `${REST}/receivablesCustomerAccountSiteActivities`)) {
    sites.set(s.BillToSiteUseId, { open: new Big(s.TotalOpenReceivablesForSite).toFixed(2), due: new Big(s.TotalTransactionsDueForSite).toFixed(2) });
  }
  return { accounts, sites };
}
