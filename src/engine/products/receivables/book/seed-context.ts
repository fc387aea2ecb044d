/**
 * What the seeded book's builders share (seed.ts runs them in order): the write, the rng, the
 * environment's today, seed timestamps and running document numbers. Ids come from tx.nextId() in
 * the builders' order, so the order of seed.ts's calls is part of the book.
 */
import { isoDate } from '../../../core/clock.ts';
import type { Rng } from '../../../core/random.ts';
import type { SeedContext, WriteTx } from '../../../core/types.ts';
import type { ContactRoleRow, ContactRow, CustomerAccountRow, SiteUseRow } from './records.ts';
import { timestamp } from './time.ts';

export interface BookWriter {
  tx: WriteTx;
  rng: Rng;
  /** The environment clock's date (YYYY-MM-DD). */
  today: string;
  /** A seed timestamp on `date`, always before the environment's now (so incremental sync starts clean). */
  stamp(date: string): string;
  put(kind: string, id: number, row: Record<string, unknown>): void;
  /** Receipt numbers run on across applied and open receipts. */
  receiptSeq: number;
}

/** A customer account as invoices and receipts of the seed refer to it. */
export interface AccountBook {
  account: CustomerAccountRow;
  billTo: SiteUseRow[];
  contacts: ContactRow[];
  roles: ContactRoleRow[];
}

export function bookWriter(ctx: SeedContext): BookWriter {
  const { tx } = ctx;
  const nowMs = ctx.now.getTime();
  let tick = 0;
  return {
    tx,
    rng: ctx.rng,
    today: isoDate(ctx.now),
    stamp(date) {
      tick++;
      const at = Math.min(Date.parse(`${date}T12:00:00.000Z`) + tick * 1000, nowMs - 3_600_000 + tick);
      return timestamp(new Date(at));
    },
    put: (kind, id, row) => tx.put(kind, String(id), row),
    receiptSeq: 0,
  };
}
