/**
 * AINVOICES writes and their lines (spec 001 § States and transitions, write rules 3-8). Drafts
 * stay drafts (no API call finalizes); writes to final invoices are accepted and move the
 * customer's ACCOUNTS_RECEIVABLE row. Header totals always equal the sum of the lines.
 */
import { Big } from '../../../core/money.ts';
import type { Row, WriteTx } from '../../../core/types.ts';
import { AINVOICEITEMS_SUBFORM, AINVOICES, CHANGED_AT, CUSTOMERS, PARENT_FIELD, childRowId, childRows, kindOf, rowId } from '../forms/index.ts';
import { takeCounter, tNumber } from '../book/counters.ts';
import { midnightZ } from '../book/dates.ts';
import { CURRENCY, DEBIT_DEBIT, IVTYPE_INVOICE, STATUS } from '../book/flags.ts';
import { WHOLE_UNITS, defaultUnit, partByName } from '../book/parts.ts';
import { refreshReceivable } from '../book/receivable.ts';
import { headerTotals, lineAmounts } from '../book/totals.ts';
import { applyWritable } from './columns.ts';
import type { WriteCtx } from './context.ts';
import { formRefusal } from './failure.ts';
import { WRITE_MSG } from './messages.ts';
import { nonEmpty, type Payload } from './payload.ts';

const LINES_KIND = kindOf(AINVOICEITEMS_SUBFORM);
const title = (name: string) => AINVOICES.byName.get(name)?.title ?? name;
const lineTitle = (name: string) => AINVOICEITEMS_SUBFORM.byName.get(name)?.title ?? name;

/**
 * AINVOICES.REFERENCE is form-validated (rule 4): every value that reaches the lookup is refused;
 * '' and null succeed and store null. Returns whether REFERENCE was named.
 */
function checkReference(row: Row, payload: Payload): boolean {
  if (!payload.values.has('REFERENCE')) return false;
  const v = payload.values.get('REFERENCE');
  if (v !== null && v !== '') throw formRefusal(AINVOICES.name, WRITE_MSG.notInTable(title('REFERENCE'), String(v), 'Customer Orders'));
  row['REFERENCE'] = null;
  return true;
}

function draftNumber(tx: WriteTx): string {
  for (;;) {
    const ivnum = tNumber(takeCounter(tx, 'TDOC'));
    if (!tx.get(AINVOICES.name, rowId(AINVOICES, { IVNUM: ivnum, DEBIT: DEBIT_DEBIT, IVTYPE: IVTYPE_INVOICE }))) return ivnum;
  }
}

/** Quantities in whole units (e.g. 'ea') must be whole numbers (rule 6). */
function checkQuantity(line: Row): void {
  const unit = String(line['TUNITNAME'] ?? '');
  const qty = line['TQUANT'];
  if (WHOLE_UNITS.has(unit) && typeof qty === 'string' && !new Big(qty).mod(1).eq(0)) {
    throw formRefusal(AINVOICES.name, WRITE_MSG.wholeQuantity(unit));
  }
}

/** Build a new line (defaults of rule 7) without storing it. */
function newLine(header: Row, payload: Payload, kline: number): Row {
  const partname = nonEmpty(payload, 'PARTNAME');
  if (partname === null) throw formRefusal(AINVOICES.name, WRITE_MSG.missingRequired(lineTitle('PARTNAME')));
  const line: Row = { PARTNAME: partname };
  applyWritable(line, payload);
  const part = partByName(partname);
  if (!payload.values.has('PDES') && part) line['PDES'] = part.PDES;
  if (line['TQUANT'] === undefined || line['TQUANT'] === null) line['TQUANT'] = '1.000';
  if (line['PRICE'] === undefined || line['PRICE'] === null) line['PRICE'] = '0.00';
  if (line['TUNITNAME'] === undefined || line['TUNITNAME'] === null || line['TUNITNAME'] === '') line['TUNITNAME'] = defaultUnit(partname);
  line['UNITNAME'] = part?.unit ?? line['TUNITNAME'];
  line['ICODE'] = header['CODE'] ?? CURRENCY;
  line['CODE'] = header['CODE'] ?? CURRENCY;
  line['KLINE'] = kline;
  checkQuantity(line);
  return { ...line, ...lineAmounts(line) };
}

/** Recompute and store header totals from the stored lines; bumps the change instant. */
function storeHeader(tx: WriteTx, ctx: WriteCtx, header: Row): Row {
  const id = rowId(AINVOICES, header);
  const row: Row = { ...header, ...headerTotals(childRows(tx, AINVOICEITEMS_SUBFORM, id)), [CHANGED_AT]: ctx.changedAt };
  tx.put(AINVOICES.name, id, row);
  // Finals move the receivable balance (spec 001 § States and transitions).
  if (row['FINAL'] === 'Y') refreshReceivable(tx, String(row['CUSTNAME']), ctx.changedAt);
  return row;
}

/** POST /AINVOICES: a new draft with a T-number. */
export function createInvoice(tx: WriteTx, ctx: WriteCtx, payload: Payload): { row: Row; lines: Row[] } {
  const custname = nonEmpty(payload, 'CUSTNAME');
  if (payload.empty || custname === null) throw formRefusal(AINVOICES.name, WRITE_MSG.missingRequired(title('CUSTNAME')));
  const customer = tx.get(CUSTOMERS.name, custname);
  if (!customer) throw formRefusal(AINVOICES.name, WRITE_MSG.notInTable(title('CUSTNAME'), custname, 'Customers'));
  const header: Row = { CUSTNAME: custname, CDES: customer['CUSTDES'] ?? null };
  applyWritable(header, payload); // an explicit IVNUM and other server-owned columns are ignored (rule 3)
  checkReference(header, payload);
  if (header['IVDATE'] === undefined || header['IVDATE'] === null) header['IVDATE'] = midnightZ(ctx.now);
  if (header['OWNERLOGIN'] === undefined || header['OWNERLOGIN'] === null || header['OWNERLOGIN'] === '') header['OWNERLOGIN'] = ctx.login;
  if (header['CODE'] === undefined || header['CODE'] === null || header['CODE'] === '') header['CODE'] = CURRENCY;
  Object.assign(header, {
    IVNUM: draftNumber(tx),
    FINAL: null,
    STATDES: STATUS.draft,
    IV: takeCounter(tx, 'IV'),
    DEBIT: DEBIT_DEBIT,
    IVTYPE: IVTYPE_INVOICE,
  });
  const id = rowId(AINVOICES, header);
  const lines = (payload.children.get(AINVOICEITEMS_SUBFORM.name) ?? []).map((p, i) => newLine(header, p, i + 1));
  for (const line of lines) tx.put(LINES_KIND, childRowId(id, AINVOICEITEMS_SUBFORM, line), { ...line, [PARENT_FIELD]: id, [CHANGED_AT]: ctx.changedAt });
  const row = storeHeader(tx, ctx, header);
  return { row, lines: lines.map((l) => ({ ...l })) };
}

/** PATCH /AINVOICES(<key>): writable columns only; FINAL and STATDES are silently ignored. */
export function updateInvoice(tx: WriteTx, ctx: WriteCtx, current: Row, payload: Payload): Row {
  const row: Row = { ...current };
  const written = applyWritable(row, payload).length;
  const reference = checkReference(row, payload);
  if (written === 0 && !reference) return current;
  return storeHeader(tx, ctx, row);
}

/** POST .../AINVOICEITEMS_SUBFORM: KLINE = max(existing) + 1; header totals recomputed. */
export function createLine(tx: WriteTx, ctx: WriteCtx, header: Row, payload: Payload): { header: Row; line: Row } {
  if (payload.empty) throw formRefusal(AINVOICES.name, WRITE_MSG.missingRequired(lineTitle('PARTNAME')));
  const id = rowId(AINVOICES, header);
  const max = childRows(tx, AINVOICEITEMS_SUBFORM, id).reduce((m, l) => Math.max(m, Number(l['KLINE'] ?? 0)), 0);
  const line = newLine(header, payload, max + 1);
  tx.put(LINES_KIND, childRowId(id, AINVOICEITEMS_SUBFORM, line), { ...line, [PARENT_FIELD]: id, [CHANGED_AT]: ctx.changedAt });
  return { header: storeHeader(tx, ctx, header), line };
}

/**
 * A line that names another part takes that part's description and units, as on create (unless the
 * body gives them): the whole-unit check of rule 6 must see the new part's unit.
 */
function refillFromPart(line: Row, payload: Payload): void {
  const partname = String(line['PARTNAME']);
  const part = partByName(partname);
  if (!payload.values.has('PDES')) line['PDES'] = part?.PDES ?? null;
  if (!payload.values.has('TUNITNAME')) line['TUNITNAME'] = defaultUnit(partname);
  line['UNITNAME'] = part?.unit ?? line['TUNITNAME'] ?? null;
}

/** PATCH .../AINVOICEITEMS_SUBFORM(<KLINE>): QUANT and amounts recomputed. */
export function updateLine(tx: WriteTx, ctx: WriteCtx, header: Row, current: Row, payload: Payload): { header: Row; line: Row } {
  const line: Row = { ...current };
  if (applyWritable(line, payload).length === 0) return { header, line: current };
  if (line['PARTNAME'] === null || line['PARTNAME'] === '') throw formRefusal(AINVOICES.name, WRITE_MSG.missingRequired(lineTitle('PARTNAME')));
  if (line['PARTNAME'] !== current['PARTNAME']) refillFromPart(line, payload);
  if (line['TQUANT'] === null) line['TQUANT'] = '1.000';
  if (line['PRICE'] === null) line['PRICE'] = '0.00';
  if (line['TUNITNAME'] === null || line['TUNITNAME'] === '') line['TUNITNAME'] = defaultUnit(line['PARTNAME']);
  checkQuantity(line);
  Object.assign(line, lineAmounts(line), { [CHANGED_AT]: ctx.changedAt });
  const id = rowId(AINVOICES, header);
  tx.put(LINES_KIND, childRowId(id, AINVOICEITEMS_SUBFORM, line), line);
  return { header: storeHeader(tx, ctx, header), line };
}

/** DELETE .../AINVOICEITEMS_SUBFORM(<KLINE>): the only deleting write. */
export function deleteLine(tx: WriteTx, ctx: WriteCtx, header: Row, line: Row): void {
  const id = rowId(AINVOICES, header);
  tx.delete(LINES_KIND, childRowId(id, AINVOICEITEMS_SUBFORM, line));
  storeHeader(tx, ctx, header);
}
