/**
 * Synthetic rows for load and paging trials (control API `generate`, benchmarks): `customers`
 * customers (2/3 Active, 1/3 Potential) with one contact each, one final invoice with three lines
 * for every tenth customer, and their ACCOUNTS_RECEIVABLE rows. Numbers continue the book's counters,
 * so it adds to a seeded or grown book without collisions. Deterministic and fast (no per-row lookups).
 */
import type { Row, WriteTx } from '../../../core/types.ts';
import { seededRng, type Rng } from '../../../core/random.ts';
import {
  AINVOICEITEMS_SUBFORM,
  AINVOICES,
  CHANGED_AT,
  CUSTOMERS,
  CUSTPERSONNEL_SUBFORM,
  PARENT_FIELD,
  childRowId,
  kindOf,
  rowId,
} from '../forms/index.ts';
import { bookNumber, peekCounter, SEQ_KIND } from './counters.ts';
import { daysAgo, instantAgo } from './dates.ts';
import { CURRENCY, DEBIT_DEBIT, IVTYPE_INVOICE, STATUS } from './flags.ts';
import { PARTS } from './parts.ts';
import { headerTotals, lineAmounts } from './totals.ts';

const WORDS = ['Alpha', 'Beacon', 'Cobalt', 'Summit', 'Harbor', 'Granite', 'Maple', 'Orion', 'Pioneer', 'Quartz', 'Riverside', 'Vertex'];
const KINDS = ['Supply', 'Foods', 'Logistics', 'Clinics', 'Builders', 'Systems', 'Hotels', 'Motors'];

export interface SyntheticResult {
  customers: number;
  /** Keys of the invoices written (for benchmarks that address one). */
  invoiceKeys: { IVNUM: string; DEBIT: string; IVTYPE: string }[];
}

export async function writeSyntheticBook(tx: WriteTx, opts: { customers: number; now: Date; rng?: Rng; breathe?: () => Promise<void> }): Promise<SyntheticResult> {
  const rng = opts.rng ?? seededRng(42);
  const { now } = opts;
  const invoiceKeys: SyntheticResult['invoiceKeys'] = [];
  const contactsKind = kindOf(CUSTPERSONNEL_SUBFORM);
  const linesKind = kindOf(AINVOICEITEMS_SUBFORM);
  const first = { CUST: peekCounter(tx, 'CUST'), PHONE: peekCounter(tx, 'PHONE'), ACCOUNT: peekCounter(tx, 'ACCOUNT') };
  let iv = peekCounter(tx, 'IV');
  let inSeq = peekCounter(tx, 'IN');
  for (let i = 0; i < opts.customers; i++) {
    // A shared host answers other environments meanwhile (issue 19 § 2).
    await opts.breathe?.();
    const cust = first.CUST + i;
    const custname = `S${String(cust).padStart(7, '0')}`;
    const des = `${rng.pick(WORDS)} ${rng.pick(KINDS)} ${cust}`;
    const age = rng.int(1, 900);
    const changedAt = instantAgo(now, age);
    const customer: Row = {
      CUSTNAME: custname,
      CUSTDES: des,
      STATDES: i % 3 === 2 ? 'Potential' : 'Active',
      OWNERLOGIN: 'apiuser',
      CREATEDDATE: daysAgo(now, age),
      STATUSDATE: daysAgo(now, age),
      PHONE: `555-${String(i % 10000).padStart(4, '0')}`,
      CODE: CURRENCY,
      CUST: cust,
      [CHANGED_AT]: changedAt,
    };
    tx.put(CUSTOMERS.name, custname, customer);
    const contact: Row = { NAME: `Contact ${cust}`, FIRM: des, STATDES: 'Active', PHONE: first.PHONE + i, [PARENT_FIELD]: custname, [CHANGED_AT]: changedAt };
    tx.put(contactsKind, childRowId(custname, CUSTPERSONNEL_SUBFORM, contact), contact);

    let balance = '0.00';
    let lastDate: string | null = null;
    if (i % 10 === 0) {
      const lines: Row[] = [0, 1, 2].map((k) => {
        const part = rng.pick(PARTS);
        const line: Row = { PARTNAME: part.PARTNAME, PDES: part.PDES, TQUANT: String(rng.int(1, 9)), TUNITNAME: part.unit, UNITNAME: part.unit, PRICE: part.price, KLINE: k + 1 };
        return { ...line, ...lineAmounts(line) };
      });
      const header: Row = {
        CUSTNAME: custname, CDES: des, IVDATE: daysAgo(now, age % 90), IVNUM: bookNumber('IN', inSeq++), FINAL: 'Y', STATDES: STATUS.final,
        CODE: CURRENCY, IV: iv++, DEBIT: DEBIT_DEBIT, IVTYPE: IVTYPE_INVOICE, ...headerTotals(lines), [CHANGED_AT]: changedAt,
      };
      const id = rowId(AINVOICES, header);
      tx.put(AINVOICES.name, id, header);
      for (const l of lines) tx.put(linesKind, childRowId(id, AINVOICEITEMS_SUBFORM, l), { ...l, [PARENT_FIELD]: id, [CHANGED_AT]: changedAt });
      invoiceKeys.push({ IVNUM: String(header['IVNUM']), DEBIT: DEBIT_DEBIT, IVTYPE: IVTYPE_INVOICE });
      balance = String(header['TOTPRICE']);
      lastDate = String(header['IVDATE']);
    }
    tx.put('ACCOUNTS_RECEIVABLE', custname, {
      ACCNAME: custname, ACCDES: des, CUSTNAME: custname, CUSTDES: des, CODE: CURRENCY,
      DEBIT1: balance, CREDIT1: '0.00', BALANCE: balance, MAX_CREDIT: null, LASTDATE: lastDate,
      ACCOUNT: first.ACCOUNT + i, [CHANGED_AT]: changedAt,
    });
  }
  const n = opts.customers;
  const seq = { CUST: first.CUST + n, PHONE: first.PHONE + n, ACCOUNT: first.ACCOUNT + n, IV: iv, IN: inSeq };
  for (const [name, next] of Object.entries(seq)) tx.put(SEQ_KIND, name, { next });
  return { customers: opts.customers, invoiceKeys };
}
