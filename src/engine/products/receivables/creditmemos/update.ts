/**
 * Credit memo PATCH (spec 000 § Credit memos endpoint table; § Credit memo status): only
 * CreditMemoStatus (Complete, Incomplete, Frozen), RecipientEmail and TransactionType (which must stay
 * Credit Memo). AllowCompletion and ControlCompletionReason, attributes of the real resource, are
 * refused by name; everything else is refused too, all with AR-1020 as for an invoice PATCH.
 * An explicit null resets CreditMemoStatus to Complete and TransactionType to Credit Memo (their
 * create values, as invoice PATCH does) and clears RecipientEmail.
 */
import type { Row, WriteTx } from '../../../core/types.ts';
import type { CreditMemoRow, InvoiceStatus } from '../book/records.ts';
import { AR } from '../invoices/definitions.ts';
import { nextStamp } from '../invoices/store.ts';
import { FW, RestError, valueProblems, type ErrorDetail } from '../rest/index.ts';
import { EMAIL_RE } from './create.ts';
import { CREDIT_MEMO_TYPE, creditMemoResource } from './definitions.ts';
import { loadMemo, saveMemo } from './store.ts';

export const MEMO_UPDATABLE = ['CreditMemoStatus', 'RecipientEmail', 'TransactionType'] as const;

/** Attributes of the emulated product's credit memo PATCH that the simulator refuses by name. */
export const REFUSED_MEMO_ATTRIBUTES: Readonly<Record<string, string>> = {
  AllowCompletion: 'AllowCompletion is not supported by the simulator: credit memos are created Complete and there is no completion step.',
  ControlCompletionReason: 'ControlCompletionReason is not supported by the simulator: credit memos are created Complete and there is no completion step.',
};

export function checkMemoPatch(raw: unknown): Row {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new RestError(400, FW.BODY_NOT_OBJECT, 'The request body must be a JSON object.');
  const body = raw as Row;
  const refused: ErrorDetail[] = Object.keys(body)
    .filter((k) => !(MEMO_UPDATABLE as readonly string[]).includes(k))
    .map((k) => ({ detail: REFUSED_MEMO_ATTRIBUTES[k] ?? `The attribute ${k} cannot be updated; only CreditMemoStatus, RecipientEmail and TransactionType can.`, path: k }));
  if (refused.length) {
    throw new RestError(400, AR.NOT_UPDATABLE, refused.length === 1 ? (refused[0] as ErrorDetail).detail : `These attributes cannot be updated: ${refused.map((r) => r.path).join(', ')}.`, {
      path: refused[0]?.path,
      details: refused,
    });
  }
  const problems: ErrorDetail[] = [];
  for (const name of MEMO_UPDATABLE) {
    if (!(name in body)) continue;
    const f = creditMemoResource.byName.get(name);
    if (f) problems.push(...valueProblems(f, body[name]));
  }
  if (typeof body.RecipientEmail === 'string' && !EMAIL_RE.test(body.RecipientEmail)) {
    problems.push({ detail: `${body.RecipientEmail} is not an email address.`, code: FW.INVALID_ATTRIBUTE_VALUE, path: 'RecipientEmail' });
  }
  // The one value TransactionType may take gets its own wording (the spec: "must remain Credit Memo").
  const typed = problems.map((p) => (p.path === 'TransactionType' && typeof body.TransactionType === 'string' ? { ...p, detail: `TransactionType must remain ${CREDIT_MEMO_TYPE} (got ${body.TransactionType}).` } : p));
  if (typed.length) {
    const first = typed[0] as ErrorDetail;
    throw new RestError(400, first.code ?? FW.INVALID_ATTRIBUTE_VALUE, first.detail, { path: first.path, details: typed });
  }
  return body;
}

export function patchCreditMemo(tx: WriteTx, id: string, raw: unknown, now: Date): CreditMemoRow {
  const body = checkMemoPatch(raw);
  const agg = loadMemo(tx, id);
  if (!agg) throw new RestError(404, FW.NO_SUCH_ITEM, `No Receivables Credit Memo with CustomerTransactionId ${id} exists.`, { path: 'CustomerTransactionId' });
  const memo = agg.memo;
  const status: InvoiceStatus = 'CreditMemoStatus' in body ? ((body.CreditMemoStatus as InvoiceStatus | null) ?? 'Complete') : memo.CreditMemoStatus;
  const email = 'RecipientEmail' in body ? ((body.RecipientEmail as string | null) ?? null) : memo.RecipientEmail;
  if (status === memo.CreditMemoStatus && email === memo.RecipientEmail) return memo;
  return saveMemo(tx, { memo: { ...memo, CreditMemoStatus: status, RecipientEmail: email }, lines: agg.lines }, nextStamp(tx, now));
}
