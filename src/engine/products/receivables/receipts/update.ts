/**
 * Receipt PATCH and DELETE (spec 000 § Standard receipts, Receipt rules 4-5, Standard receipt state
 * table): PATCH takes only the four customer attributes and moves an UNIDENTIFIED receipt to
 * UNAPPLIED once a customer resolves; DELETE removes the receipt and its references.
 */
import type { Row, WriteTx } from '../../../core/types.ts';
import { KIND, type StandardReceiptRow } from '../book/records.ts';
import { nextStamp } from '../invoices/store.ts';
import { checkBody } from '../rest/body.ts';
import { RestError } from '../rest/errors.ts';
import { enqueueAutoMatch } from '../automatch/schedule.ts';
import { resolveCustomer, type CustomerInfo } from './customer.ts';
import { RCP, receiptResource, RECEIPT_PATCHABLE } from './definitions.ts';
import { refusalOf } from './guards.ts';

export function patchReceipt(tx: WriteTx, id: string, raw: unknown, now: Date, user: string): StandardReceiptRow {
  const body = checkBody(raw, receiptResource, { mode: 'update' }) as Row;
  const receipt = tx.get<StandardReceiptRow>(KIND.standardReceipt, id) as StandardReceiptRow;
  const why = refusalOf(receipt, tx, 'patch');
  if (why) {
    // Customer edits must precede application: AutoMatch can apply within seconds (Receipt rule 4).
    throw new RestError(400, RCP.PATCH_REFUSED, `Receipt ${receipt.ReceiptNumber} cannot be updated because it ${why}.`, { path: 'StandardReceiptId' });
  }
  const merged = { ...receipt } as Row;
  for (const name of RECEIPT_PATCHABLE) if (name in body) merged[name] = body[name];
  // A changed number re-resolves the account; its old name would otherwise contradict it.
  if ('CustomerAccountNumber' in body && !('CustomerName' in body)) merged.CustomerName = null;
  if (('CustomerAccountNumber' in body || 'CustomerName' in body) && !('CustomerSite' in body)) merged.CustomerSite = null;
  const customer = resolveCustomer(tx, merged as CustomerInfo);
  if (!customer && receipt.customerAccountId !== null) {
    throw new RestError(400, RCP.UNKNOWN_CUSTOMER, `The customer of receipt ${receipt.ReceiptNumber} cannot be removed; an identified receipt stays identified.`, { path: 'CustomerAccountNumber' });
  }
  const stamp = nextStamp(tx, now);
  const next: StandardReceiptRow = {
    ...receipt,
    CustomerAccountNumber: customer?.account.AccountNumber ?? null,
    CustomerName: customer?.account.AccountName ?? null,
    CustomerSite: customer?.site?.Location ?? null,
    CustomerBankAccountNumber: 'CustomerBankAccountNumber' in body ? (body.CustomerBankAccountNumber as string | null) : (receipt.CustomerBankAccountNumber ?? null),
    customerAccountId: customer?.account.CustomerAccountId ?? null,
    customerSiteUseId: customer?.site?.SiteUseId ?? null,
    // UNIDENTIFIED -> UNAPPLIED when a customer is assigned: the amount moves to unapplied.
    State: receipt.State === 'UNIDENTIFIED' && customer ? 'UNAPPLIED' : receipt.State,
    LastUpdatedBy: user,
    LastUpdateDate: stamp,
  };
  tx.put(KIND.standardReceipt, id, next);
  if (next.State === 'UNAPPLIED' && receipt.State === 'UNIDENTIFIED') enqueueAutoMatch(tx, now);
  return next;
}

export function deleteReceipt(tx: WriteTx, id: string): void {
  const receipt = tx.get<StandardReceiptRow>(KIND.standardReceipt, id) as StandardReceiptRow;
  const why = refusalOf(receipt, tx, 'delete');
  if (why) {
    throw new RestError(400, RCP.DELETE_REFUSED, `Receipt ${receipt.ReceiptNumber} cannot be deleted because it ${why}; a receipt is never silently unapplied.`, { path: 'StandardReceiptId' });
  }
  for (const ref of receipt.referenceIds ?? []) tx.delete(KIND.remittanceReference, String(ref));
  tx.delete(KIND.standardReceipt, id);
}
