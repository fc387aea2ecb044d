// Issue 10 § 2: the seeded adjustments are documented in docs/reference/receivables.md § The seeded book; the table must
// match the seed (number, transaction, type, amount, accounted amount, status).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { seededScratchBook } from '../../../src/engine/products/receivables/book/seeded.ts';
import { KIND, type AdjustmentRow } from '../../../src/engine/products/receivables/book/records.ts';

describe('docs/reference/receivables.md § Adjustments', () => {
  const doc = readFileSync(new URL('../../../docs/reference/receivables.md', import.meta.url), 'utf8');
  it('lists every seeded adjustment as the seed has it', () => {
    const adjustments = seededScratchBook().list<AdjustmentRow>(KIND.adjustment);
    expect(adjustments.length).toBe(5);
    for (const a of adjustments) {
      expect(doc).toContain(`| ${a.AdjustmentNumber} | ${a.TransactionNumber} |`);
      expect(doc).toContain(`| ${a.AdjustmentType} | ${a.AdjustmentAmount} ${a.Currency} | ${a.AccountedAmount} | ${a.Status} | ${a.ReceivablesActivity} | ${a.Comments} |`);
    }
  });
});
