/**
 * Remittance references (spec 000 § Remittance reference): what a receipt says it pays. Nested on
 * receipt create or POSTed to the child; never updated or deleted. Adding one makes the receipt
 * eligible for the next AutoMatch run (Standard receipt state table).
 */
import { Big, numberLiteral } from '../../../core/money.ts';
import type { Row, WriteTx } from '../../../core/types.ts';
import { currencyByCode } from '../book/lookups.ts';
import { KIND, type ReceiptMatchBy, type RemittanceReferenceRow, type StandardReceiptRow } from '../book/records.ts';
import { checkBody } from '../rest/body.ts';
import { RestError } from '../rest/errors.ts';
import { enqueueAutoMatch } from '../automatch/schedule.ts';
import { RCP, referenceResource } from './definitions.ts';
import { expressible } from './amounts.ts';

/** Build one reference row from a checked body object (`at` prefixes error paths of nested ones). */
export function referenceRow(tx: WriteTx, body: Row, receipt: Pick<StandardReceiptRow, 'StandardReceiptId' | 'Currency'>, precision: number, stamp: string, user: string, at = ''): RemittanceReferenceRow {
  let referenceAmount: string | null = null;
  if (typeof body.ReferenceAmount === 'number') {
    const value = new Big(numberLiteral(body.ReferenceAmount));
    if (!expressible(value, precision) || value.lte(0)) {
      throw new RestError(400, RCP.BAD_AMOUNT, `ReferenceAmount ${numberLiteral(body.ReferenceAmount)} must be positive and expressible in ${receipt.Currency} (${precision} decimals).`, { path: `${at}ReferenceAmount` });
    }
    referenceAmount = value.toFixed(precision);
  }
  const text = (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : null);
  return {
    RemittanceReferenceId: tx.nextId(),
    receiptId: receipt.StandardReceiptId,
    ReceiptMatchBy: (text('ReceiptMatchBy') ?? 'Transaction Number') as ReceiptMatchBy,
    ReferenceNumber: text('ReferenceNumber'),
    ReferenceAmount: referenceAmount,
    CustomerReason: text('CustomerReason'),
    CustomerReference: text('CustomerReference'),
    appliedBy: null,
    CreatedBy: user,
    CreationDate: stamp,
    LastUpdatedBy: user,
    LastUpdateDate: stamp,
  };
}

/** POST .../remittanceReferences: one reference added to an existing receipt, in one write. */
export function addReference(tx: WriteTx, receiptId: string, raw: unknown, now: Date, stamp: string, user: string): RemittanceReferenceRow {
  const body = checkBody(raw, referenceResource, { mode: 'create' }) as Row;
  const receipt = tx.get<StandardReceiptRow>(KIND.standardReceipt, receiptId) as StandardReceiptRow;
  const precision = currencyByCode(tx, receipt.Currency)?.Precision ?? 2;
  const ref = referenceRow(tx, body, receipt, precision, stamp, user);
  tx.put(KIND.remittanceReference, String(ref.RemittanceReferenceId), ref);
  tx.put(KIND.standardReceipt, receiptId, {
    ...receipt,
    referenceIds: [...(receipt.referenceIds ?? []), ref.RemittanceReferenceId],
    LastUpdatedBy: user,
    LastUpdateDate: stamp,
  });
  if (receipt.State === 'UNAPPLIED' || receipt.State === 'APPLIED') enqueueAutoMatch(tx, now);
  return ref;
}
