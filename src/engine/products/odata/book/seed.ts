/**
 * The seeded book of an OData environment (spec 001 § What the service does 2; docs/reference/odata.md).
 * Deterministic: names, numbers and structure are fixed; quantities come from ctx.rng; dates are
 * relative to ctx.now. VAT 0 throughout.
 */
import { Big } from '../../../core/money.ts';
import type { Row, SeedContext, WriteTx } from '../../../core/types.ts';
import type { Rng } from '../../../core/random.ts';
import {
  AINVOICEITEMS_SUBFORM,
  AINVOICES,
  CHANGED_AT,
  CUSTOMERS,
  CUSTPERSONNEL_SUBFORM,
  PARENT_FIELD,
  PAY,
  PAYITEMS_SUBFORM,
  TFNCITEMS_SUBFORM,
  TINVOICES,
  TPAYMENT2_SUBFORM,
  childRowId,
  kindOf,
  rowId,
} from '../forms/index.ts';
import { bookNumber, takeCounter, tNumber } from './counters.ts';
import { daysAgo, instantAgo } from './dates.ts';
import { CURRENCY, DEBIT_DEBIT, IVTYPE_INVOICE, IVTYPE_RECEIPT, STATUS, TEMPORARY } from './flags.ts';
import { PARTS } from './parts.ts';
import { receivableBalance, refreshReceivable } from './receivable.ts';
import { headerTotals, lineAmounts } from './totals.ts';
import { PAY_TERMS, SEED_CUSTOMERS, FINAL_INVOICES, CANCELLED_INDEX, DRAFT_INVOICES, type SeedCustomer, type PayTerm } from './seed-data.ts';

// ---- writers --------------------------------------------------------------------------------------

const CUSTOMERS_KIND = kindOf(CUSTOMERS);
const CONTACTS_KIND = kindOf(CUSTPERSONNEL_SUBFORM);
const LINES_KIND = kindOf(AINVOICEITEMS_SUBFORM);

function putCustomer(tx: WriteTx, now: Date, c: SeedCustomer): Row {
  const term = PAY_TERMS.find((t) => t.code === c.pay);
  const custname = c.CUSTNAME ?? tNumber(takeCounter(tx, 'TCUST'));
  const created = daysAgo(now, c.createdDaysAgo);
  const row: Row = {
    CUSTNAME: custname,
    CUSTDES: c.CUSTDES,
    STATDES: c.STATDES,
    OWNERLOGIN: c.owner,
    INACTIVEFLAG: c.inactive ? 'Y' : null,
    CREATEDDATE: created,
    STATUSDATE: c.STATDES === 'Active' ? daysAgo(now, Math.max(0, c.createdDaysAgo - 7)) : created,
    PHONE: c.phone,
    EMAIL: `billing@${c.CUSTDES.toLowerCase().replace(/[^a-z]+/g, '')}.example`,
    ADDRESS: `${100 + c.CUSTDES.length * 7} Main Street`,
    STATE: c.city,
    STATECODE: c.state,
    ZIP: c.zip,
    COUNTRYNAME: 'United States',
    PAYCODE: term?.code ?? null,
    PAYDES: term?.des ?? null,
    MAX_CREDIT: c.maxCredit,
    CODE: CURRENCY,
    CUST: takeCounter(tx, 'CUST'),
    [CHANGED_AT]: instantAgo(now, c.createdDaysAgo),
  };
  if (!c.CUSTNAME) row[TEMPORARY] = true;
  tx.put(CUSTOMERS_KIND, rowId(CUSTOMERS, row), row);
  for (const p of c.contacts) {
    const contact: Row = {
      NAME: `${p.first} ${p.last}`,
      FIRSTNAME: p.first,
      LASTNAME: p.last,
      STATDES: 'Active',
      OWNERLOGIN: c.owner,
      PHONENUM: p.phone,
      POSITIONDES: p.position,
      EMAIL: p.email,
      FIRM: c.CUSTDES,
      PHONE: takeCounter(tx, 'PHONE'),
      [PARENT_FIELD]: custname,
      [CHANGED_AT]: instantAgo(now, c.createdDaysAgo),
    };
    tx.put(CONTACTS_KIND, childRowId(custname, CUSTPERSONNEL_SUBFORM, contact), contact);
  }
  return row;
}

function seedLines(rng: Rng, count: number): Row[] {
  const lines: Row[] = [];
  for (let i = 0; i < count; i++) {
    const part = rng.pick(PARTS);
    const qty = part.unit === 'ea' ? new Big(rng.int(1, 12)) : new Big(rng.int(5, 400)).div(10);
    const line: Row = {
      PARTNAME: part.PARTNAME,
      PDES: part.PDES,
      TQUANT: qty.toFixed(3),
      TUNITNAME: part.unit,
      UNITNAME: part.unit,
      PRICE: part.price,
      PERCENT: rng.bool(0.25) ? '5.00' : '0.00',
      ICODE: CURRENCY,
      CODE: CURRENCY,
      KLINE: i + 1,
    };
    Object.assign(line, lineAmounts(line));
    lines.push(line);
  }
  return lines;
}

interface DocHeader extends Row {
  CUSTNAME: string;
  IVNUM: string;
}

function putInvoice(tx: WriteTx, header: DocHeader, lines: readonly Row[], changedAt: string): Row {
  const row: Row = { ...header, ...headerTotals(lines), [CHANGED_AT]: changedAt };
  const id = rowId(AINVOICES, row);
  tx.put(AINVOICES.name, id, row);
  for (const line of lines) {
    tx.put(LINES_KIND, childRowId(id, AINVOICEITEMS_SUBFORM, line), { ...line, [PARENT_FIELD]: id, [CHANGED_AT]: changedAt });
  }
  return row;
}

function invoiceHeader(tx: WriteTx, customer: Row, ivnum: string, date: string, final: boolean): DocHeader {
  return {
    CUSTNAME: String(customer['CUSTNAME']),
    CDES: customer['CUSTDES'] ?? null,
    IVDATE: date,
    IVNUM: ivnum,
    FINAL: final ? 'Y' : null,
    STATDES: final ? STATUS.final : STATUS.draft,
    OWNERLOGIN: customer['OWNERLOGIN'] ?? null,
    CODE: CURRENCY,
    IV: takeCounter(tx, 'IV'),
    DEBIT: DEBIT_DEBIT,
    IVTYPE: IVTYPE_INVOICE,
  };
}

interface ReceiptSpec {
  cust: string;
  daysAgo: number;
  means: { code: string; name: string; amount: string; cardnum?: string; checknum?: string }[];
  /** Applications: the invoice (by FINAL_INVOICES index) and the amount applied. */
  applies: { invoice: number; credit: string }[];
  draft?: boolean;
}

function putReceipt(
  tx: WriteTx,
  now: Date,
  customer: Row,
  ivnum: string,
  spec: ReceiptSpec,
  invoices: readonly Row[],
  sign: 1 | -1,
  extra: Row = {},
): Row {
  const date = daysAgo(now, spec.daysAgo);
  const changedAt = instantAgo(now, spec.daysAgo, -600);
  const total = spec.means.reduce((s, m) => s.plus(m.amount), new Big(0)).times(sign);
  const fnctrans = takeCounter(tx, 'IV') + 70000;
  const applied = spec.applies.reduce((s, a) => s.plus(a.credit), new Big(0)).times(sign);
  const row: Row = {
    CUSTNAME: String(customer['CUSTNAME']),
    CDES: customer['CUSTDES'] ?? null,
    IVDATE: date,
    IVNUM: ivnum,
    FINAL: spec.draft ? null : 'Y',
    STATDES: spec.draft ? STATUS.draft : STATUS.final,
    OWNERLOGIN: customer['OWNERLOGIN'] ?? null,
    DETAILS: spec.applies.length ? 'Payment on account' : 'Unapplied cash',
    CODE: CURRENCY,
    CASHNAME: 'MAIN',
    QPRICE: total.toFixed(2),
    TOTPRICE: total.toFixed(2),
    CREDIT: applied.toFixed(2),
    FNCNUM: spec.draft ? null : `JE${fnctrans}`,
    IV: fnctrans - 70000,
    DEBIT: DEBIT_DEBIT,
    IVTYPE: IVTYPE_RECEIPT,
    ...extra,
    [CHANGED_AT]: changedAt,
  };
  const id = rowId(TINVOICES, row);
  tx.put(TINVOICES.name, id, row);
  spec.means.forEach((m, i) => {
    const means: Row = {
      PAYMENTCODE: m.code,
      PAYMENTNAME: m.name,
      QPRICE: new Big(m.amount).times(sign).toFixed(2),
      PAYDATE: date,
      CARDNUM: m.cardnum ?? null,
      CHECKNUM: m.checknum ?? null,
      KLINE: i + 1,
      [PARENT_FIELD]: id,
      [CHANGED_AT]: changedAt,
    };
    tx.put(kindOf(TPAYMENT2_SUBFORM), childRowId(id, TPAYMENT2_SUBFORM, means), means);
  });
  spec.applies.forEach((a, i) => {
    const invoice = invoices[a.invoice] as Row;
    const item: Row = {
      FNCIREF1: invoice['IVNUM'],
      FNCIREF2: ivnum,
      FNCDATE: date,
      ACCNAME: customer['CUSTNAME'],
      ACCDES: customer['CUSTDES'] ?? null,
      CREDIT: new Big(a.credit).times(sign).toFixed(2),
      CODE: CURRENCY,
      DETAILS: sign < 0 ? 'Reversal' : null,
      FNCTRANS: fnctrans,
      KLINE: i + 1,
      [PARENT_FIELD]: id,
      [CHANGED_AT]: changedAt,
    };
    tx.put(kindOf(TFNCITEMS_SUBFORM), childRowId(id, TFNCITEMS_SUBFORM, item), item);
  });
  return row;
}

function putPayTerms(tx: WriteTx, now: Date): void {
  const changedAt = instantAgo(now, 600);
  for (const t of PAY_TERMS) {
    const row: Row = {
      PAYCODE: t.code,
      PAYDES: t.des,
      PAYDAYS: t.days,
      MONTHLY: t.monthly ? 'Y' : null,
      PAYMONTHS: 0,
      PAY: takeCounter(tx, 'PAY'),
      [CHANGED_AT]: changedAt,
    };
    tx.put(PAY.name, rowId(PAY, row), row);
    t.items.forEach((item, i) => {
      const r: Row = {
        PERCENT: item.percent,
        DAYS: item.days,
        MONTHS: 0,
        MONTHLY: t.monthly ? 'Y' : null,
        KLINE: i + 1,
        [PARENT_FIELD]: t.code,
        [CHANGED_AT]: changedAt,
      };
      tx.put(kindOf(PAYITEMS_SUBFORM), childRowId(t.code, PAYITEMS_SUBFORM, r), r);
    });
  }
}

/** Write the seeded book. */
export function seedBook(ctx: SeedContext): void {
  const { tx, rng, now } = ctx;
  putPayTerms(tx, now);

  const customers = new Map<string, Row>();
  for (const c of SEED_CUSTOMERS) {
    const row = putCustomer(tx, now, c);
    customers.set(String(row['CUSTNAME']), row);
  }
  const cust = (name: string) => customers.get(name) as Row;

  // Final invoices (book numbers IN…), oldest first.
  const finals: Row[] = [];
  const finalLines: Row[][] = [];
  for (const spec of FINAL_INVOICES) {
    const date = daysAgo(now, spec.daysAgo);
    const lines = seedLines(rng, spec.lines);
    const header = invoiceHeader(tx, cust(spec.cust), bookNumber('IN', takeCounter(tx, 'IN')), date, true);
    header['DETAILS'] = 'Shipment';
    header['BOOKNUM'] = `PO-${4100 + finals.length}`;
    finals.push(putInvoice(tx, header, lines, instantAgo(now, spec.daysAgo, -540)));
    finalLines.push(lines);
  }

  // The cancellation: the original stays 'Final'; a reversing row with its own number, negative
  // quantities and totals, STATDES 'Canceled' (spec 001 § States and transitions).
  const original = finals[CANCELLED_INDEX] as Row;
  const reversalDays = 40;
  const reversalHeader = invoiceHeader(tx, cust(String(original['CUSTNAME'])), bookNumber('IN', takeCounter(tx, 'IN')), daysAgo(now, reversalDays), true);
  Object.assign(reversalHeader, { STATDES: STATUS.canceled, STORNOFLAG: 'Y', IVREFA: original['IVNUM'], DETAILS: 'Cancellation' });
  const reversalLines = (finalLines[CANCELLED_INDEX] as Row[]).map((l) => {
    const neg: Row = { ...l, TQUANT: new Big(String(l['TQUANT'])).times(-1).toFixed(3) };
    return { ...neg, ...lineAmounts(neg) };
  });
  putInvoice(tx, reversalHeader, reversalLines, instantAgo(now, reversalDays, -540));

  // Drafts (temporary T-numbers, FINAL null, STATDES 'Draft').
  for (const spec of DRAFT_INVOICES) {
    const header = invoiceHeader(tx, cust(spec.cust), tNumber(takeCounter(tx, 'TDOC')), daysAgo(now, spec.daysAgo), false);
    putInvoice(tx, header, seedLines(rng, spec.lines), instantAgo(now, spec.daysAgo, -300));
  }

  // Receipts (TINVOICES, IVTYPE 'T').
  const total = (i: number) => String((finals[i] as Row)['TOTPRICE']);
  const rc = () => bookNumber('RC', takeCounter(tx, 'RC'));
  // One receipt settling two invoices in full.
  putReceipt(tx, now, cust('C1001'), rc(), {
    cust: 'C1001', daysAgo: 30,
    means: [{ code: '05', name: 'Bank transfer', amount: new Big(total(0)).plus(total(1)).toFixed(2), cardnum: 'ACH-88120' }],
    applies: [{ invoice: 0, credit: total(0) }, { invoice: 1, credit: total(1) }],
  }, finals, 1);
  // Unapplied cash: a final receipt with no application rows.
  putReceipt(tx, now, cust('C1002'), rc(), {
    cust: 'C1002', daysAgo: 25, means: [{ code: '02', name: 'Check', amount: '500.00', checknum: '100457' }], applies: [],
  }, finals, 1);
  // A partial payment with two payment means.
  const partial = new Big(total(4)).div(2).round(2, Big.roundDown);
  putReceipt(tx, now, cust('C1003'), rc(), {
    cust: 'C1003', daysAgo: 18,
    means: [
      { code: '02', name: 'Check', amount: partial.minus(100).toFixed(2), checknum: '2291' },
      { code: '01', name: 'Cash', amount: '100.00' },
    ],
    applies: [{ invoice: 4, credit: partial.toFixed(2) }],
  }, finals, 1);
  // A receipt and its cancellation (negative totals and negative CREDIT).
  const paid: ReceiptSpec = {
    cust: 'C1005', daysAgo: 15, means: [{ code: '03', name: 'Credit card', amount: total(7), cardnum: '**** 4242' }],
    applies: [{ invoice: 7, credit: total(7) }],
  };
  const paidRow = putReceipt(tx, now, cust('C1005'), rc(), paid, finals, 1);
  putReceipt(tx, now, cust('C1005'), rc(), { ...paid, daysAgo: 14 }, finals, -1, {
    STATDES: STATUS.canceled,
    IVREFA: paidRow['IVNUM'],
    DETAILS: 'Cancellation',
  });
  // A draft receipt (temporary number; does not count in the balance).
  putReceipt(tx, now, cust('C1006'), tNumber(takeCounter(tx, 'TDOC')), {
    cust: 'C1006', daysAgo: 1, means: [{ code: '05', name: 'Bank transfer', amount: '1000.00' }], applies: [], draft: true,
  }, finals, 1);

  // Balances follow from the final documents.
  for (const [name, row] of customers) {
    const last = receivableBalance(tx, name).LASTDATE;
    const created = String(row[CHANGED_AT]);
    refreshReceivable(tx, name, last && last > created ? last : created);
  }
}
