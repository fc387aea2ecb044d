/**
 * Loading and saving a credit memo with its lines inside a write. The header amounts are re-derived
 * from all lines on every write (spec 000 § Credit memo line: "The header EnteredAmount is re-derived
 * from all lines on every write").
 *
 * Sign (the spec leaves it open; docs/reference/receivables.md § Credit memos): EnteredAmount is negative,
 * minus the sum of the positive LineAmountCredit values, as the seeded memos show it.
 * TransactionBalanceDue is EnteredAmount plus what has been applied to invoices: negative while
 * unapplied, 0 once fully applied. A memo made through REST is never applied (§ What the service
 * does 5), so its balance stays its EnteredAmount.
 */
import { Big } from '../../../core/money.ts';
import type { DataView, WriteTx } from '../../../core/types.ts';
import { currencyByCode } from '../book/lookups.ts';
import { KIND, type CreditApplicationRow, type CreditMemoLineRow, type CreditMemoRow } from '../book/records.ts';

export interface MemoAggregate {
  memo: CreditMemoRow;
  lines: CreditMemoLineRow[];
}

/** Credit applications of each memo (by creditMemoId), cached until the applications change. */
export function applicationsOfMemo(data: DataView, memoId: number): CreditApplicationRow[] {
  const groups = data.derived('creditmemos:applications', [KIND.creditApplication], () => {
    const m = new Map<number, CreditApplicationRow[]>();
    for (const a of data.list<CreditApplicationRow>(KIND.creditApplication)) {
      const g = m.get(Number(a.creditMemoId));
      if (g) g.push(a);
      else m.set(Number(a.creditMemoId), [a]);
    }
    return m;
  });
  return groups.get(memoId) ?? [];
}

export function loadMemo(data: DataView, id: string): MemoAggregate | undefined {
  const memo = data.get<CreditMemoRow>(KIND.creditMemo, id);
  if (!memo) return undefined;
  const lines = (memo.lineIds ?? [])
    .map((l) => data.get<CreditMemoLineRow>(KIND.creditMemoLine, String(l)))
    .filter((l): l is CreditMemoLineRow => !!l);
  return { memo, lines };
}

export function precisionOfMemo(data: DataView, memo: Pick<CreditMemoRow, 'CreditMemoCurrency'>): number {
  return currencyByCode(data, memo.CreditMemoCurrency)?.Precision ?? 2;
}

/** Header amounts from the lines and the memo's applications. */
export function withMemoTotals(data: DataView, memo: CreditMemoRow, lines: readonly CreditMemoLineRow[], precision: number): CreditMemoRow {
  const credited = lines.reduce((t, l) => t.plus(l.LineAmountCredit), new Big(0));
  const applied = applicationsOfMemo(data, memo.CustomerTransactionId).reduce((t, a) => t.plus(a.AmountApplied), new Big(0));
  const entered = credited.neg();
  return {
    ...memo,
    EnteredAmount: entered.toFixed(precision),
    TransactionBalanceDue: entered.plus(applied).toFixed(precision),
    lineIds: [...lines].sort((a, b) => a.LineNumber - b.LineNumber).map((l) => l.CustomerTransactionLineId),
  };
}

/** Re-derive the header and store header and lines. */
export function saveMemo(tx: WriteTx, agg: MemoAggregate, stamp: string): CreditMemoRow {
  const header = withMemoTotals(tx, { ...agg.memo, LastUpdateDate: stamp }, agg.lines, precisionOfMemo(tx, agg.memo));
  for (const l of agg.lines) tx.put(KIND.creditMemoLine, String(l.CustomerTransactionLineId), l);
  tx.put(KIND.creditMemo, String(header.CustomerTransactionId), header);
  return header;
}
