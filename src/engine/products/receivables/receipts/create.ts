/**
 * Receipt create (spec 000 § Standard receipts, Receipt rules 1-2, Standard receipt state table).
 * Order of checks (docs/reference/receivables.md § Standard receipts): JSON; rule 2 attributes by name;
 * unknown, read-only and badly typed attributes; required (SIM-RCP-4000); BusinessUnit; Currency;
 * Amount; ReceiptMethod on the ReceiptDate (AR_INVAL_RECEIPT_MTH_ID); customer; remittance bank;
 * references; duplicate (AR_RCP_DUP_NUM, or the existing receipt with Upsert-Mode). Receipt and
 * nested references are one write; creating never applies (What the service does 4).
 */
import { Big, numberLiteral } from '../../../core/money.ts';
import { sha256Hex } from '../../../core/crypto.ts';
import type { Row, WriteTx } from '../../../core/types.ts';
import { businessUnitByName, currencyByCode, receiptMethodByName, receiptsByNumber, remittanceBankByAccount } from '../book/lookups.ts';
import { KIND, type RemittanceReferenceRow, type StandardReceiptRow } from '../book/records.ts';
import { nextStamp } from '../invoices/store.ts';
import { checkBody } from '../rest/body.ts';
import { RestError, type ErrorDetail } from '../rest/errors.ts';
import { enqueueAutoMatch } from '../automatch/schedule.ts';
import { expressible } from './amounts.ts';
import { resolveCustomer, type CustomerInfo } from './customer.ts';
import { RCP, receiptResource, REJECTED_RECEIPT_ATTRIBUTES } from './definitions.ts';
import { referenceRow } from './references.ts';

export interface CreateReceiptOptions {
  /** Upsert-Mode: true — a duplicate answers the existing receipt instead of AR_RCP_DUP_NUM. */
  upsert: boolean;
  /** Client id of the caller (CreatedBy / LastUpdatedBy). */
  user: string;
}

export interface CreatedReceipt {
  receipt: StandardReceiptRow;
  /** False when Upsert-Mode found the receipt already recorded. */
  created: boolean;
}

const bad = (code: string, detail: string, path: string) => new RestError(400, code, detail, { path });

/** Receipt rule 2, checked before anything else so the refusal names the attribute and says where references go. */
export function refuseRejectedAttributes(raw: unknown): void {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return;
  const found: ErrorDetail[] = Object.keys(raw)
    .filter((k) => (REJECTED_RECEIPT_ATTRIBUTES as readonly string[]).includes(k))
    .map((k) => ({
      detail: `${k} cannot be sent on a receipt; receipts do not target installments or carry provider payment ids. Put the reference in ReceiptNumber, StructuredPaymentReference, Comments or a flexfield.`,
      path: k,
    }));
  if (found.length) throw new RestError(400, RCP.REJECTED_ATTRIBUTE, (found[0] as ErrorDetail).detail, { path: found[0]?.path, details: found });
}

/**
 * ReceiptNumber when none is sent: derived from what identifies the payment, so a retried POST
 * gets the same number and is caught as a duplicate (Standard receipt table, ReceiptNumber).
 */
export async function derivedReceiptNumber(body: Row): Promise<string> {
  const parts = ['ReceiptDate', 'Amount', 'Currency', 'CustomerAccountNumber', 'CustomerName', 'ReceiptMethod', 'StructuredPaymentReference', 'DocumentNumber'].map((k) => {
    const v = body[k];
    return typeof v === 'number' ? numberLiteral(v) : typeof v === 'string' ? v.trim() : '';
  });
  return `AUTO-${(await sha256Hex(parts.join('|'))).slice(0, 12).toUpperCase()}`;
}

export async function createReceipt(tx: WriteTx, raw: unknown, now: Date, opts: CreateReceiptOptions): Promise<CreatedReceipt> {
  refuseRejectedAttributes(raw);
  const body = checkBody(raw, receiptResource, { mode: 'create' }) as Row;

  // Rule 1: every missing required attribute listed.
  const missing = receiptResource.fields.filter((f) => f.requiredOnCreate && (body[f.name] === undefined || body[f.name] === null || body[f.name] === ''));
  if (missing.length) {
    throw new RestError(400, RCP.MISSING_REQUIRED, `Required attributes are missing: ${missing.map((f) => f.name).join(', ')}.`, {
      path: missing[0]?.name,
      details: missing.map((f) => ({ detail: `The attribute ${f.name} is required.`, path: f.name })),
    });
  }
  const s = (name: string) => body[name] as string;

  const bu = businessUnitByName(tx, s('BusinessUnit'));
  if (!bu || !bu.active) throw bad(RCP.BAD_BUSINESS_UNIT, `The business unit ${s('BusinessUnit')} is not configured.`, 'BusinessUnit');
  const currency = currencyByCode(tx, s('Currency'));
  if (!currency || !currency.EnabledFlag) throw bad(RCP.BAD_CURRENCY, `The currency ${s('Currency')} is ${currency ? 'disabled' : 'not defined'}.`, 'Currency');
  const p = currency.Precision;
  const amount = new Big(numberLiteral(body.Amount as number));
  if (amount.lte(0)) throw bad(RCP.BAD_AMOUNT, `Amount must be positive (got ${amount.toFixed()}).`, 'Amount');
  if (!expressible(amount, p)) throw bad(RCP.BAD_AMOUNT, `Amount ${amount.toFixed()} cannot be expressed in ${currency.CurrencyCode}, which has ${p} decimals.`, 'Amount');

  const receiptDate = s('ReceiptDate');
  const method = receiptMethodByName(tx, s('ReceiptMethod'));
  if (!method) throw bad(RCP.BAD_METHOD, `The receipt method ${s('ReceiptMethod')} is not configured.`, 'ReceiptMethod');
  if (receiptDate < method.StartDate || (method.EndDate !== null && receiptDate > method.EndDate)) {
    // Retired and active methods look identical (no status attribute): only the dates tell.
    throw bad(RCP.BAD_METHOD, `The receipt method ${method.Name} is not active on ${receiptDate} (valid ${method.StartDate} to ${method.EndDate ?? 'open'}).`, 'ReceiptMethod');
  }

  const customer = resolveCustomer(tx, body as CustomerInfo);
  const bankNumber = typeof body.RemittanceBankAccountNumber === 'string' ? body.RemittanceBankAccountNumber : null;
  const bank = bankNumber ? remittanceBankByAccount(tx, bankNumber) : undefined;

  const receiptNumber = typeof body.ReceiptNumber === 'string' && body.ReceiptNumber.trim() !== '' ? body.ReceiptNumber : await derivedReceiptNumber(body);
  const customerId = customer?.account.CustomerAccountId ?? null;
  const duplicate = receiptsByNumber(tx, receiptNumber).find(
    (r) => r.ReceiptDate === receiptDate && new Big(r.Amount).eq(amount) && (r.customerAccountId ?? null) === customerId,
  );
  if (duplicate) {
    if (opts.upsert) return { receipt: duplicate, created: false };
    throw bad(RCP.DUPLICATE, `Receipt ${receiptNumber} of ${receiptDate} for ${amount.toFixed(p)} from ${customer ? customer.account.AccountNumber : 'an unidentified customer'} already exists (StandardReceiptId ${duplicate.StandardReceiptId}).`, 'ReceiptNumber');
  }

  const stamp = nextStamp(tx, now);
  const id = tx.nextId();
  const refs: RemittanceReferenceRow[] = ((body.remittanceReferences as Row[] | null | undefined) ?? []).map((r, i) =>
    referenceRow(tx, r, { StandardReceiptId: id, Currency: currency.CurrencyCode }, p, stamp, opts.user, `remittanceReferences[${i}].`),
  );
  // One fixed shape for every receipt row: built key by key on a plain object, a 40-key row was a
  // slow-path object (0.2 ms each, the bulk of generate's time) and stayed one in the cache.
  const receipt = blankReceipt() as StandardReceiptRow & Row;
  for (const name of copiedFields()) receipt[name] = body[name] === undefined ? null : body[name];
  Object.assign(receipt, {
    StandardReceiptId: id,
    ReceiptNumber: receiptNumber,
    ReceiptMethod: method.Name,
    BusinessUnit: bu.BusinessUnitName,
    Amount: amount.toFixed(p),
    Currency: currency.CurrencyCode,
    ReceiptDate: receiptDate,
    AccountingDate: (body.AccountingDate as string | null | undefined) ?? receiptDate,
    CustomerAccountNumber: customer?.account.AccountNumber ?? null,
    CustomerName: customer?.account.AccountName ?? null,
    CustomerSite: customer?.site?.Location ?? null,
    ConversionRate: typeof body.ConversionRate === 'number' ? numberLiteral(body.ConversionRate) : null,
    State: customer ? 'UNAPPLIED' : 'UNIDENTIFIED',
    Status: 'CONFIRMED',
    UnappliedAmount: amount.toFixed(p),
    RemittanceBankAccountNumber: bankNumber,
    RemittanceBankName: bank?.BankName ?? null,
    RemittanceBankBranch: bank?.BankBranchName ?? null,
    businessUnitId: bu.BusinessUnitId,
    customerAccountId: customerId,
    customerSiteUseId: customer?.site?.SiteUseId ?? null,
    referenceIds: refs.map((r) => r.RemittanceReferenceId),
    accounting: 'pending',
    frozen: false,
    origin: 'cash',
    CreatedBy: opts.user,
    CreationDate: stamp,
    LastUpdatedBy: opts.user,
    LastUpdateDate: stamp,
  } satisfies Partial<StandardReceiptRow>);
  for (const r of refs) tx.put(KIND.remittanceReference, String(r.RemittanceReferenceId), r);
  tx.put(KIND.standardReceipt, String(id), receipt);
  if (receipt.State === 'UNAPPLIED') enqueueAutoMatch(tx, now);
  return { receipt, created: true };
}

/** Attributes copied as sent (writable, not nested, not set from resolution), in definition order. */
let copied: string[] | null = null;
const copiedFields = (): string[] => (copied ??= receiptResource.fields.filter((f) => !f.readOnly && f.type !== 'array' && !(f.name in COMPUTED)).map((f) => f.name));

/** The keys of a stored receipt, in the order rows always had them (copied attributes, then the rest). */
const ROW_TAIL = ['StandardReceiptId', 'ReceiptNumber', 'ReceiptMethod', 'BusinessUnit', 'Amount', 'Currency', 'ReceiptDate', 'AccountingDate', 'CustomerAccountNumber', 'CustomerName', 'CustomerSite', 'ConversionRate', 'State', 'Status', 'UnappliedAmount', 'RemittanceBankAccountNumber', 'RemittanceBankName', 'RemittanceBankBranch', 'businessUnitId', 'customerAccountId', 'customerSiteUseId', 'referenceIds', 'accounting', 'frozen', 'origin', 'CreatedBy', 'CreationDate', 'LastUpdatedBy', 'LastUpdateDate'];
let blank: string | null = null;
/** A fresh row with every key in place (JSON.parse gives an object of one fixed shape, fast to fill). */
const blankReceipt = (): Row => JSON.parse((blank ??= JSON.stringify(Object.fromEntries([...copiedFields(), ...ROW_TAIL].map((k) => [k, null]))))) as Row;

/** Attributes set from resolution rather than copied as sent. */
const COMPUTED: Record<string, true> = {
  ReceiptNumber: true, ReceiptMethod: true, BusinessUnit: true, Amount: true, Currency: true, ReceiptDate: true, AccountingDate: true,
  CustomerAccountNumber: true, CustomerName: true, CustomerSite: true, ConversionRate: true, RemittanceBankAccountNumber: true,
};
