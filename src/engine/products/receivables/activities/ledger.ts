/**
 * Account-activity totals in the ledger currency (spec 000 § What the service does 8; § Other
 * read-only resources: "Totals are in ledger currency with no currency attribute;
 * TotalOpenReceivablesForAccount can be negative when unapplied cash exceeds what is owed; voided
 * transactions are excluded"). Definitions (docs/reference/receivables.md § Customer account activity):
 *
 * - TotalTransactionsDue: the balance due of the open debit transactions, i.e. the InvoiceBalanceAmount
 *   of every invoice and debit memo that is Complete or Frozen (Incomplete ones are not receivables
 *   yet) and not void.
 * - TotalOpenReceivables: TotalTransactionsDue, plus the balances of credit memos (negative while
 *   unapplied; Incomplete memos excluded), minus the unapplied cash of identified receipts (State
 *   APPLIED or UNAPPLIED: reversed and returned receipts hold no cash).
 *
 * Conversion: amounts are summed per bill-to site and currency in that currency, then each sum is
 * converted with the book's CurrencyRow.rateToUsd and rounded half up to cents. An account's totals
 * are the sums of its sites' totals, so they always agree. A transaction or receipt without a bill-to
 * site counts at the account's primary bill-to site.
 *
 * Everything is computed from rows on read and cached through data.derived on the kinds it reads, so
 * a write (an AutoMatch application included) shows at once.
 */
import { Big, roundHalfUp } from '../../../core/money.ts';
import type { DataView } from '../../../core/types.ts';
import { KIND, type CreditMemoRow, type CurrencyRow, type InvoiceRow, type SiteUseRow, type StandardReceiptRow } from '../book/records.ts';

export interface SiteTotals {
  /** USD, 2 decimals. */
  due: Big;
  open: Big;
}

/** Receipt states whose UnappliedAmount is cash the customer holds with us. */
export const CASH_STATES: ReadonlySet<string> = new Set(['APPLIED', 'UNAPPLIED']);

/** Primary BILL_TO site use of each account (the lowest id when none is primary). */
export function primaryBillTo(data: DataView): Map<number, number> {
  return data.derived('act:primary-bill-to', [KIND.siteUse], () => {
    const m = new Map<number, SiteUseRow>();
    for (const u of data.list<SiteUseRow>(KIND.siteUse)) {
      if (u.SiteUseCode !== 'BILL_TO') continue;
      const acc = Number(u.customerAccountId);
      const cur = m.get(acc);
      if (!cur || (u.PrimaryFlag && !cur.PrimaryFlag) || (u.PrimaryFlag === cur.PrimaryFlag && u.SiteUseId < cur.SiteUseId)) m.set(acc, u);
    }
    return new Map([...m].map(([acc, u]) => [acc, u.SiteUseId]));
  });
}

/** Bill-to site use of a transaction or receipt: its own, else the account's primary. */
export function siteOf(data: DataView, accountId: number, own: number | null | undefined): number | null {
  return own ?? primaryBillTo(data).get(Number(accountId)) ?? null;
}

type Sums = Map<number, Map<string, Big>>;

function add(sums: Sums, site: number | null, currency: string, amount: string | Big): void {
  if (site === null) return;
  let byCurrency = sums.get(site);
  if (!byCurrency) sums.set(site, (byCurrency = new Map()));
  byCurrency.set(currency, (byCurrency.get(currency) ?? new Big(0)).plus(amount));
}

/** Open invoices and debit memos counted in the totals. */
export function countsAsDue(inv: InvoiceRow): boolean {
  return !inv.voided && inv.InvoiceStatus !== 'Incomplete';
}

export function countsAsCredit(memo: CreditMemoRow): boolean {
  return memo.CreditMemoStatus !== 'Incomplete';
}

export function countsAsCash(r: StandardReceiptRow): boolean {
  return r.customerAccountId !== null && r.customerAccountId !== undefined && CASH_STATES.has(r.State);
}

function invoiceSums(data: DataView): Sums {
  return data.derived('act:sums:invoice', [KIND.invoice, KIND.siteUse], () => {
    const sums: Sums = new Map();
    for (const inv of data.list<InvoiceRow>(KIND.invoice)) {
      if (countsAsDue(inv)) add(sums, siteOf(data, inv.customerAccountId, inv.billToSiteUseId), inv.InvoiceCurrencyCode, inv.InvoiceBalanceAmount);
    }
    return sums;
  });
}

function memoSums(data: DataView): Sums {
  return data.derived('act:sums:memo', [KIND.creditMemo, KIND.siteUse], () => {
    const sums: Sums = new Map();
    for (const m of data.list<CreditMemoRow>(KIND.creditMemo)) {
      if (countsAsCredit(m)) add(sums, siteOf(data, m.customerAccountId, m.billToSiteUseId), m.CreditMemoCurrency, m.TransactionBalanceDue);
    }
    return sums;
  });
}

function cashSums(data: DataView): Sums {
  return data.derived('act:sums:cash', [KIND.standardReceipt, KIND.siteUse], () => {
    const sums: Sums = new Map();
    for (const r of data.list<StandardReceiptRow>(KIND.standardReceipt)) {
      if (countsAsCash(r)) add(sums, siteOf(data, r.customerAccountId as number, r.customerSiteUseId), r.Currency, r.UnappliedAmount);
    }
    return sums;
  });
}

/** Convert per-currency sums to USD cents (rounded half up per currency). */
export function toUsd(data: DataView, byCurrency: Map<string, Big> | undefined): Big {
  let total = new Big(0);
  if (!byCurrency) return total;
  for (const [code, amount] of byCurrency) {
    const rate = data.get<CurrencyRow>(KIND.currency, code)?.rateToUsd ?? '1';
    total = total.plus(roundHalfUp(amount.times(rate), 2));
  }
  return total;
}

/** Totals of every bill-to site (USD). */
export function siteTotals(data: DataView): Map<number, SiteTotals> {
  return data.derived('act:totals:site', [KIND.invoice, KIND.creditMemo, KIND.standardReceipt, KIND.siteUse, KIND.currency], () => {
    const inv = invoiceSums(data);
    const memo = memoSums(data);
    const cash = cashSums(data);
    const out = new Map<number, SiteTotals>();
    for (const site of new Set([...inv.keys(), ...memo.keys(), ...cash.keys()])) {
      const due = toUsd(data, inv.get(site));
      out.set(site, { due, open: due.plus(toUsd(data, memo.get(site))).minus(toUsd(data, cash.get(site))) });
    }
    return out;
  });
}

/** Totals of every account: the sums of its bill-to sites' totals. */
export function accountTotals(data: DataView): Map<number, SiteTotals> {
  return data.derived('act:totals:account', [KIND.invoice, KIND.creditMemo, KIND.standardReceipt, KIND.siteUse, KIND.currency], () => {
    const sites = siteTotals(data);
    const out = new Map<number, SiteTotals>();
    for (const u of data.list<SiteUseRow>(KIND.siteUse)) {
      const t = sites.get(u.SiteUseId);
      if (!t) continue;
      const acc = Number(u.customerAccountId);
      const cur = out.get(acc) ?? { due: new Big(0), open: new Big(0) };
      out.set(acc, { due: cur.due.plus(t.due), open: cur.open.plus(t.open) });
    }
    return out;
  });
}

export const ZERO_TOTALS: SiteTotals = { due: new Big(0), open: new Big(0) };
