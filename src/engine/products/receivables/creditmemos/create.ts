/**
 * Credit memo create (spec 000 § Credit memo table; Credit memos endpoint table, POST): header and
 * lines in one write. Required BusinessUnit, TransactionDate, TransactionNumber (the caller's),
 * BillToCustomerNumber and at least one line; CreditMemoStatus Complete (other values refused);
 * TransactionType Credit Memo; created unapplied.
 *
 * Codes: the invoice create codes where the rule is the same (AR-1000 missing attributes, AR-1001 no
 * lines, AR-1010 unknown customer, AR-1030 undefined/disabled currency or an amount the currency
 * cannot carry); the framework's SIM-REST-4009 for values (docs/reference/receivables.md § Credit memos).
 */
import type { Row, WriteTx } from '../../../core/types.ts';
import { accountByNumber, billToUses, businessUnitByName, contactsOfParty, currencyByCode, rolesOfAccount } from '../book/lookups.ts';
import { KIND, type CreditMemoRow, type InvoiceRow } from '../book/records.ts';
import { defaultBillToContact } from '../invoices/billing.ts';
import { AR } from '../invoices/definitions.ts';
import { nextStamp } from '../invoices/store.ts';
import { checkBody, FW, RestError, type ErrorDetail } from '../rest/index.ts';
import { CREDIT_MEMO_TYPE, creditMemoResource, LINES } from './definitions.ts';
import { buildLines, checkTotalRange, missingLineAttributes, throwMissing } from './lines.ts';
import { saveMemo } from './store.ts';

const bad = (code: string, detail: string, path: string) => new RestError(400, code, detail, { path });
export const EMAIL_RE = /^[^@\s]+@[^@\s]+$/;
/** The ledger currency of both business units (docs/reference/receivables.md § The seeded book): the default memo currency. */
const LEDGER_CURRENCY = 'USD';

/** A transaction number already carried by a memo or an invoice of this environment. */
function numberInUse(tx: WriteTx, number: string): boolean {
  const memos = tx.derived('creditmemos:numbers', [KIND.creditMemo], () => new Set(tx.list<CreditMemoRow>(KIND.creditMemo).map((m) => m.TransactionNumber)));
  if (memos.has(number)) return true;
  const invoices = tx.derived('creditmemos:invoice-numbers', [KIND.invoice], () => new Set(tx.list<InvoiceRow>(KIND.invoice).map((i) => i.TransactionNumber)));
  return invoices.has(number);
}

export function createCreditMemo(tx: WriteTx, raw: unknown, now: Date): CreditMemoRow {
  const body = checkBody(raw, creditMemoResource, { mode: 'create' }) as Row;
  const rawLines = body[LINES];
  const lines = Array.isArray(rawLines) ? (rawLines as Row[]) : [];
  const missing: ErrorDetail[] = creditMemoResource.fields
    .filter((f) => f.requiredOnCreate && f.type !== 'array' && (body[f.name] === undefined || body[f.name] === null || body[f.name] === ''))
    .map((f) => ({ detail: `The attribute ${f.name} is required.`, path: f.name }));
  missing.push(...missingLineAttributes(lines, (i) => `${LINES}[${i}].`));
  throwMissing(missing);
  if (lines.length === 0) throw bad(AR.NO_LINES, `A credit memo needs at least one line in ${LINES}.`, LINES);

  if (body.CreditMemoStatus !== undefined && body.CreditMemoStatus !== null && body.CreditMemoStatus !== 'Complete') {
    throw bad(FW.INVALID_ATTRIBUTE_VALUE, `CreditMemoStatus must be Complete when a credit memo is created (got ${String(body.CreditMemoStatus)}).`, 'CreditMemoStatus');
  }
  // TransactionType is checked against its one allowed value by checkBody; null means the default.
  const s = (name: string) => body[name] as string;
  const bu = businessUnitByName(tx, s('BusinessUnit'));
  if (!bu || !bu.active) throw bad(FW.INVALID_ATTRIBUTE_VALUE, `The business unit ${s('BusinessUnit')} is not defined.`, 'BusinessUnit');
  const account = accountByNumber(tx, s('BillToCustomerNumber'));
  if (!account || account.Status !== 'A') throw bad(AR.UNKNOWN_CUSTOMER, `No customer account with number ${s('BillToCustomerNumber')} exists.`, 'BillToCustomerNumber');
  const code = (body.CreditMemoCurrency as string | null | undefined) ?? bu.LedgerCurrencyCode ?? LEDGER_CURRENCY;
  const currency = currencyByCode(tx, code);
  if (!currency || !currency.EnabledFlag) throw bad(AR.BAD_CURRENCY, `The currency ${code} is ${currency ? 'disabled' : 'not defined'}.`, 'CreditMemoCurrency');
  if (numberInUse(tx, s('TransactionNumber'))) {
    throw bad(FW.INVALID_ATTRIBUTE_VALUE, `The transaction number ${s('TransactionNumber')} is already used by another transaction.`, 'TransactionNumber');
  }
  const email = body.RecipientEmail as string | null | undefined;
  if (typeof email === 'string' && !EMAIL_RE.test(email)) throw bad(FW.INVALID_ATTRIBUTE_VALUE, `${email} is not an email address.`, 'RecipientEmail');
  const recipient = email === undefined || email === null ? (defaultBillToContact(contactsOfParty(tx, account.PartyId), rolesOfAccount(tx, account.CustomerAccountId))?.EmailAddress ?? null) : email;

  const id = tx.nextId();
  const built = buildLines(tx, id, lines, new Set(), currency.Precision, currency.CurrencyCode, (i) => `${LINES}[${i}].`);
  checkTotalRange(built, LINES);
  const stamp = nextStamp(tx, now);
  const memo: CreditMemoRow = {
    CustomerTransactionId: id,
    TransactionNumber: s('TransactionNumber'),
    BusinessUnit: bu.BusinessUnitName,
    TransactionDate: s('TransactionDate'),
    TransactionType: CREDIT_MEMO_TYPE,
    BillToCustomerNumber: account.AccountNumber,
    CreditMemoCurrency: currency.CurrencyCode,
    CreditReason: (body.CreditReason as string | null | undefined) ?? null,
    CreditMemoStatus: 'Complete',
    RecipientEmail: recipient,
    EnteredAmount: '0',
    TransactionBalanceDue: '0',
    customerAccountId: account.CustomerAccountId,
    billToSiteUseId: billToUses(tx, account.CustomerAccountId)[0]?.SiteUseId ?? null,
    lineIds: [],
    LastUpdateDate: stamp,
  };
  return saveMemo(tx, { memo, lines: built }, stamp);
}
