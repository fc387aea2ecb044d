// Issue 3 § 1: the book is documented in docs/ as tables; the invoice table must match the seed.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { seededRng, seedFrom } from '../../../src/engine/core/random.ts';
import { ScratchTx } from '../../../src/engine/products/receivables/book/scratch.ts';
import { seedBook } from '../../../src/engine/products/receivables/book/seed.ts';
import { KIND, type ContactRow, type InvoiceRow } from '../../../src/engine/products/receivables/book/records.ts';

describe('docs/reference/receivables.md § The seeded book', () => {
  const doc = readFileSync(new URL('../../../docs/reference/receivables.md', import.meta.url), 'utf8');
  const tx = new ScratchTx();
  const now = new Date('2026-03-15T10:00:00.000Z');
  seedBook({ tx, rng: seededRng(seedFrom('receivables-book-v1')), now, env: { key: 'env_doc', product: 'receivables', name: 'd', createdAt: '', clockOffsetMs: 0, idSeq: 0, tenantId: 'd' } });

  it('lists every seeded invoice with its id, scenario, account, status and amounts', () => {
    for (const inv of tx.list<InvoiceRow>(KIND.invoice)) {
      const row = `| ${inv.scenario} | ${inv.CustomerTransactionId} | ${inv.BillToCustomerNumber} | ${inv.InvoiceCurrencyCode} | ${inv.PaymentTerms} | ${inv.InvoiceStatus} | ${inv.EnteredAmount} | ${inv.InvoiceBalanceAmount} |`;
      expect(doc).toContain(row);
    }
  });

  it('lists every contact with its PartyNumber and status', () => {
    for (const c of tx.list<ContactRow>(KIND.contact)) expect(doc).toContain(`| ${c.ContactName} | ${c.PartyNumber} | ${c.JobTitle} | ${c.PartyStatus} |`);
  });
});
