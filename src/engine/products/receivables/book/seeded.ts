/**
 * The seeded book as a freshly created or reset environment holds it, for catalogs that quote real
 * ids: the seed runs once on a scratch transaction (same rng seed and id sequence as an environment;
 * ids do not depend on the clock).
 */
import { seededRng, seedFrom } from '../../../core/random.ts';
import { ScratchTx } from './scratch.ts';
import { seedBook } from './seed.ts';

let book: ScratchTx | null = null;

export function seededScratchBook(): ScratchTx {
  if (book) return book;
  const tx = new ScratchTx();
  const now = new Date('2026-01-15T10:00:00.000Z');
  seedBook({ tx, rng: seededRng(seedFrom('receivables-book-v1')), now, env: { key: 'env_catalog', product: 'receivables', name: 'catalog', createdAt: now.toISOString(), clockOffsetMs: 0, idSeq: 0, tenantId: 'catalog' } });
  return (book = tx);
}
