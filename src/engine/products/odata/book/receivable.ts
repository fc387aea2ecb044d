/**
 * ACCOUNTS_RECEIVABLE follows from the finalized documents (spec 001 § What the service does 4):
 * one row per customer (ACCNAME = CUSTNAME), DEBIT1 = sum of final invoice totals (a cancellation's
 * reversing row counts with its negative total), CREDIT1 = sum of final receipt totals, BALANCE =
 * DEBIT1 - CREDIT1, LASTDATE = latest final document date. Drafts never count.
 */
import { Big } from '../../../core/money.ts';
import type { DataView, Row, WriteTx } from '../../../core/types.ts';
import { CHANGED_AT } from '../forms/index.ts';
import { takeCounter } from './counters.ts';

export const AR_KIND = 'ACCOUNTS_RECEIVABLE';
export const AR_CURRENCY = 'USD';

/** Final documents of one kind grouped by customer (cached until that kind changes). */
function finalsByCustomer(data: DataView, kind: 'AINVOICES' | 'TINVOICES'): Map<string, Row[]> {
  return data.derived(`odata:finals-by-customer:${kind}`, [kind], () => {
    const map = new Map<string, Row[]>();
    for (const row of data.list(kind)) {
      if (row['FINAL'] !== 'Y') continue;
      const cust = String(row['CUSTNAME'] ?? '');
      let list = map.get(cust);
      if (!list) map.set(cust, (list = []));
      list.push(row);
    }
    return map;
  });
}

/** The balance columns of a customer's ACCOUNTS_RECEIVABLE row, from its final documents. */
export function receivableBalance(data: DataView, custname: string): { DEBIT1: string; CREDIT1: string; BALANCE: string; LASTDATE: string | null } {
  let debit = new Big(0);
  let credit = new Big(0);
  let last: string | null = null;
  const see = (d: unknown) => {
    if (typeof d === 'string' && (last === null || d > last)) last = d;
  };
  for (const iv of finalsByCustomer(data, 'AINVOICES').get(custname) ?? []) {
    debit = debit.plus(String(iv['TOTPRICE'] ?? '0'));
    see(iv['IVDATE']);
  }
  for (const rc of finalsByCustomer(data, 'TINVOICES').get(custname) ?? []) {
    credit = credit.plus(String(rc['TOTPRICE'] ?? '0'));
    see(rc['IVDATE']);
  }
  return { DEBIT1: debit.toFixed(2), CREDIT1: credit.toFixed(2), BALANCE: debit.minus(credit).toFixed(2), LASTDATE: last };
}

/** The full ACCOUNTS_RECEIVABLE row a customer should have now (ACCOUNT kept from `existing`). */
export function receivableRow(data: DataView, customer: Row, account: number): Row {
  const custname = String(customer['CUSTNAME']);
  return {
    ACCNAME: custname,
    ACCDES: customer['CUSTDES'] ?? null,
    CUSTNAME: custname,
    CUSTDES: customer['CUSTDES'] ?? null,
    CODE: AR_CURRENCY,
    ...receivableBalance(data, custname),
    MAX_CREDIT: customer['MAX_CREDIT'] ?? null,
    ACCOUNT: account,
  };
}

const SAME_FIELDS = ['ACCDES', 'CUSTDES', 'DEBIT1', 'CREDIT1', 'BALANCE', 'MAX_CREDIT', 'LASTDATE'] as const;

/**
 * Recompute and store a customer's ACCOUNTS_RECEIVABLE row. `_changedAt` moves only when the row
 * is new or one of its values changed, so $since on ACCOUNTS_RECEIVABLE shows real movements.
 * Returns whether the row changed.
 */
export function refreshReceivable(tx: WriteTx, custname: string, changedAt: string): boolean {
  const customer = tx.get(CUSTOMERS_KIND, custname);
  const existing = tx.get(AR_KIND, custname);
  if (!customer) return false;
  const account = typeof existing?.['ACCOUNT'] === 'number' ? existing['ACCOUNT'] : takeCounter(tx, 'ACCOUNT');
  const next = receivableRow(tx, customer, account);
  if (existing && SAME_FIELDS.every((f) => (existing[f] ?? null) === (next[f] ?? null))) return false;
  tx.put(AR_KIND, custname, { ...next, [CHANGED_AT]: changedAt });
  return true;
}

const CUSTOMERS_KIND = 'CUSTOMERS';
