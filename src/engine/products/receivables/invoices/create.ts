/**
 * Invoice create (spec 000 § Invoices, Create rules 1-5): validation, name resolution, line amounts
 * at the currency precision, the schedule from the payment terms, all in one write.
 */
import { isoDate } from '../../../core/clock.ts';
import { Big, numberLiteral, roundHalfUp } from '../../../core/money.ts';
import type { Row, WriteTx } from '../../../core/types.ts';
import {
  accountByNumber,
  billToUses,
  businessUnitByName,
  contactsOfParty,
  currencyByCode,
  rolesOfAccount,
  termByName,
  transactionSourceByName,
  transactionTypeByName,
} from '../book/lookups.ts';
import type { ContactRow, DeliveryMethod, InstallmentRow, InvoiceLineRow, InvoiceRow } from '../book/records.ts';
import { amountInRange, checkBody, FW, RestError, type ErrorDetail } from '../rest/index.ts';
import { contactByName, defaultBillToContact, deriveDelivery } from './billing.ts';
import { AR, invoiceResource } from './definitions.ts';
import { buildSchedule } from './schedule-rows.ts';
import { nextStamp, saveInvoice } from './store.ts';

const bad = (code: string, detail: string, path: string, status = 400) => new RestError(status, code, detail, { path });
const EMAIL_RE = /^[^@\s]+@[^@\s]+$/;

/** Amount text of a JSON number or null. */
export function decimalText(v: unknown): string | null {
  return typeof v === 'number' && Number.isFinite(v) ? numberLiteral(v) : null;
}

/**
 * Check a line's amount: a non-zero product that rounds to zero at the currency precision is
 * AR-1030 (Create rule 2); an explicit zero is accepted.
 */
export function checkLineRounding(quantity: string, price: string, precision: number, currency: string, path: string): Big {
  const exact = new Big(quantity).times(price);
  const rounded = roundHalfUp(exact, precision);
  if (!exact.eq(0) && rounded.eq(0)) {
    throw bad(AR.BAD_CURRENCY, `The line amount ${exact.toFixed()} rounds to zero at the ${precision}-decimal precision of ${currency}.`, path);
  }
  return rounded;
}

/**
 * A computed amount (line amount, invoice total) must stay in the range a JSON number carries
 * exactly: an amount the service could not emit unchanged is never stored (Create rule 2).
 */
export function checkAmountRange(amount: Big, path: string, what: string): void {
  if (!amountInRange(amount)) {
    throw bad(FW.NUMBER_OUT_OF_RANGE, `${what} ${amount.toExponential(3)} is out of range; amounts must be less than 100000000000 in absolute value.`, path);
  }
}

/** LineNumber as sent: a positive whole number (safe integer) or absent. */
export function lineNumberProblem(n: unknown): string | null {
  if (n === undefined || n === null) return null;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 1 ? null : 'LineNumber must be a positive whole number.';
}

/** Parse and validate a create body; returns the stored invoice header (after the write). */
export function createInvoice(tx: WriteTx, raw: unknown, now: Date): InvoiceRow {
  const body = checkBody(raw, invoiceResource, { mode: 'create' }) as Row;

  // Rule 1: every missing required attribute listed (lines are AR-1001).
  const missing: ErrorDetail[] = invoiceResource.fields
    .filter((f) => f.requiredOnCreate && f.type !== 'array' && (body[f.name] === undefined || body[f.name] === null || body[f.name] === ''))
    .map((f) => ({ detail: `The attribute ${f.name} is required.`, path: f.name }));
  const rawLines = body.receivablesInvoiceLines;
  const lines = Array.isArray(rawLines) ? (rawLines as Row[]) : [];
  lines.forEach((l, i) => {
    for (const name of ['Quantity', 'UnitSellingPrice']) {
      if (l[name] === undefined || l[name] === null) missing.push({ detail: `The line attribute ${name} is required.`, path: `receivablesInvoiceLines[${i}].${name}` });
    }
  });
  if (missing.length) {
    throw new RestError(400, AR.MISSING_REQUIRED, `Required attributes are missing: ${missing.map((m) => m.path).join(', ')}.`, {
      path: missing[0]?.path,
      details: missing,
    });
  }
  if (lines.length === 0) throw bad(AR.NO_LINES, 'An invoice needs at least one line in receivablesInvoiceLines.', 'receivablesInvoiceLines');

  // Rule 3: only Complete on create.
  if (body.InvoiceStatus !== undefined && body.InvoiceStatus !== null && body.InvoiceStatus !== 'Complete') {
    throw bad(FW.INVALID_ATTRIBUTE_VALUE, `InvoiceStatus must be Complete when an invoice is created (got ${String(body.InvoiceStatus)}).`, 'InvoiceStatus');
  }

  const s = (name: string) => body[name] as string;
  const bu = businessUnitByName(tx, s('BusinessUnit'));
  if (!bu || !bu.active) throw bad(FW.INVALID_ATTRIBUTE_VALUE, `The business unit ${s('BusinessUnit')} is not defined.`, 'BusinessUnit');
  const type = transactionTypeByName(tx, s('TransactionType'));
  if (!type || !type.active || !type.creatable) {
    throw bad(FW.INVALID_ATTRIBUTE_VALUE, `${s('TransactionType')} is not a transaction type that invoices can be created with.`, 'TransactionType');
  }
  const source = transactionSourceByName(tx, s('TransactionSource'));
  if (!source || !source.active) throw bad(FW.INVALID_ATTRIBUTE_VALUE, `The transaction source ${s('TransactionSource')} is not defined or not active.`, 'TransactionSource');

  // Rule 2: customer, currency.
  const account = accountByNumber(tx, s('BillToCustomerNumber'));
  if (!account || account.Status !== 'A') {
    throw bad(AR.UNKNOWN_CUSTOMER, `No customer account with number ${s('BillToCustomerNumber')} exists.`, 'BillToCustomerNumber');
  }
  const currency = currencyByCode(tx, s('InvoiceCurrencyCode'));
  if (!currency || !currency.EnabledFlag) {
    throw bad(AR.BAD_CURRENCY, `The currency ${s('InvoiceCurrencyCode')} is ${currency ? 'disabled' : 'not defined'}.`, 'InvoiceCurrencyCode');
  }
  const p = currency.Precision;

  if (typeof body.BillToCustomerName === 'string' && body.BillToCustomerName.trim().toLowerCase() !== account.AccountName.toLowerCase()) {
    throw bad(FW.INVALID_ATTRIBUTE_VALUE, `BillToCustomerName ${body.BillToCustomerName} does not match customer account ${account.AccountNumber} (${account.AccountName}).`, 'BillToCustomerName');
  }
  const termName = (body.PaymentTerms as string | null | undefined) ?? 'IMMEDIATE';
  const term = termByName(tx, termName);
  if (!term || !term.active) throw bad(FW.INVALID_ATTRIBUTE_VALUE, `The payment terms ${termName} are not defined.`, 'PaymentTerms');

  const uses = billToUses(tx, account.CustomerAccountId);
  let site = uses[0] ?? null;
  if (typeof body.BillToSite === 'string') {
    site = uses.find((u) => u.Location === body.BillToSite) ?? null;
    if (!site) throw bad(FW.INVALID_ATTRIBUTE_VALUE, `${body.BillToSite} is not a bill-to site of customer account ${account.AccountNumber}.`, 'BillToSite');
  }

  const contacts = contactsOfParty(tx, account.PartyId);
  let contact: ContactRow | null;
  if (typeof body.BillToContact === 'string') {
    contact = contactByName(body.BillToContact, contacts);
    if (!contact) {
      throw bad(AR.BAD_CONTACT, `${body.BillToContact} is not an active contact of customer account ${account.AccountNumber}.`, 'BillToContact');
    }
  } else {
    contact = defaultBillToContact(contacts, rolesOfAccount(tx, account.CustomerAccountId));
  }
  if (typeof body.Email === 'string' && !EMAIL_RE.test(body.Email)) throw bad(FW.INVALID_ATTRIBUTE_VALUE, `${body.Email} is not an email address.`, 'Email');
  const delivery = deriveDelivery(body.Email as string | null | undefined, body.DeliveryMethod as DeliveryMethod | null | undefined, contact);

  const transactionDate = (body.TransactionDate as string | null | undefined) ?? isoDate(now);
  const stamp = nextStamp(tx, now);
  const id = tx.nextId();

  // Lines: numbers assigned in order when omitted; amounts rounded to the currency precision.
  const used = new Set<number>();
  for (const [i, l] of lines.entries()) {
    const n = l.LineNumber;
    const problem = lineNumberProblem(n);
    if (problem) throw bad(FW.INVALID_ATTRIBUTE_VALUE, problem, `receivablesInvoiceLines[${i}].LineNumber`);
    if (typeof n !== 'number') continue;
    if (used.has(n)) throw bad(FW.INVALID_ATTRIBUTE_VALUE, `LineNumber ${n} is used twice.`, `receivablesInvoiceLines[${i}].LineNumber`);
    used.add(n);
  }
  let nextNumber = 1;
  const lineRows: InvoiceLineRow[] = lines.map((l, i) => {
    let n = l.LineNumber as number | null | undefined;
    if (n === undefined || n === null) {
      while (used.has(nextNumber)) nextNumber++;
      n = nextNumber;
      used.add(n);
    }
    const quantity = decimalText(l.Quantity) as string;
    const price = decimalText(l.UnitSellingPrice) as string;
    const amount = checkLineRounding(quantity, price, p, currency.CurrencyCode, `receivablesInvoiceLines[${i}]`);
    checkAmountRange(amount, `receivablesInvoiceLines[${i}]`, 'The line amount');
    return {
      CustomerTransactionLineId: tx.nextId(),
      invoiceId: id,
      LineNumber: n,
      Description: (l.Description as string | null | undefined) ?? null,
      Quantity: quantity,
      UnitSellingPrice: price,
      LineAmount: amount.toFixed(p),
      lastUpdateDate: stamp,
    };
  });
  const total = lineRows.reduce((t, l) => t.plus(l.LineAmount), new Big(0));
  checkAmountRange(total, 'receivablesInvoiceLines', 'The invoice total');
  if (total.lt(0)) throw bad(FW.INVALID_ATTRIBUTE_VALUE, 'The invoice total cannot be negative; use a credit memo.', 'receivablesInvoiceLines');

  const header: InvoiceRow = {
    CustomerTransactionId: id,
    TransactionNumber: `INV-${id}`,
    BusinessUnit: bu.BusinessUnitName,
    TransactionType: type.Name,
    TransactionSource: source.Name,
    BillToCustomerNumber: account.AccountNumber,
    InvoiceCurrencyCode: currency.CurrencyCode,
    TransactionDate: transactionDate,
    PaymentTerms: term.Name,
    DueDate: null,
    EnteredAmount: total.toFixed(p),
    InvoiceBalanceAmount: total.toFixed(p),
    InvoiceStatus: 'Complete',
    BillToPartyId: account.PartyId,
    BillToCustomerName: account.AccountName,
    BillToSite: site?.Location ?? null,
    BillToContact: contact?.ContactName ?? null,
    DeliveryMethod: delivery.DeliveryMethod,
    Email: delivery.Email,
    LastUpdateDate: stamp,
    customerAccountId: account.CustomerAccountId,
    billToSiteUseId: site?.SiteUseId ?? null,
    billToContactPartyId: contact?.PartyId ?? null,
    glPostedDate: null,
    voided: false,
    lineIds: [],
    installmentIds: [],
    scenario: null,
    CreationDate: stamp,
  };
  let installments: InstallmentRow[] = buildSchedule(tx, header, term, p, stamp, isoDate(now));
  const due = body.DueDate as string | null | undefined;
  if (typeof due === 'string') {
    // DueDate on create sets the due date of a single-installment schedule (split terms: use splitInstallments).
    if (installments.length !== 1) throw bad(FW.INVALID_ATTRIBUTE_VALUE, `DueDate cannot be set for the ${term.Name} terms, which have ${installments.length} installments; use splitInstallments.`, 'DueDate');
    if (due < transactionDate) throw bad(FW.INVALID_ATTRIBUTE_VALUE, `DueDate ${due} is before the transaction date ${transactionDate}.`, 'DueDate');
    installments = installments.map((i) => ({ ...i, InstallmentDueDate: due }));
  }
  return saveInvoice(tx, { invoice: header, lines: lineRows, installments }, stamp);
}
