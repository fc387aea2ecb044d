/**
 * The request journal in PostgreSQL (`--store`): each environment's ring as rows, so any host shows
 * what any host journaled for an environment it now answers. Losing an entry never loses data (it is
 * a log), so a failed append is dropped, not retried.
 */
import type { Pool } from 'pg';
import { checkout } from './failures.ts';
import type { JournalEntry, JournalPersistence, JournalSnapshot } from '../../../engine/for-node.ts';

export class PgJournalPersistence implements JournalPersistence {
  constructor(private readonly pool: Pool) {}

  async load(env: string): Promise<JournalSnapshot> {
    const [entries, next] = await Promise.all([
      this.pool.query<{ entry: string }>('SELECT entry FROM sim_journal WHERE env = $1 ORDER BY id', [env]),
      this.pool.query<{ next_id: string }>('SELECT next_id FROM sim_journal_next WHERE env = $1', [env]),
    ]);
    const list = entries.rows.map((r) => JSON.parse(r.entry) as JournalEntry);
    const last = list[list.length - 1]?.id ?? 0;
    return { entries: list, nextId: Math.max(Number(next.rows[0]?.next_id ?? 1), last + 1) };
  }

  async append(env: string, entries: JournalEntry[], keepFrom: number): Promise<void> {
    if (!entries.length) return;
    const next = (entries[entries.length - 1] as JournalEntry).id + 1;
    // One statement: the entries, the ring's cut and the next id land together. The entries go as
    // one JSON array (one JSON.stringify, not each entry escaped again as an array element); an
    // element of a `json` value is its text as sent. Their ids go beside it: reading one out of an
    // entry would decode the entry, which refuses a body's \u0000.
    await this.pool.query(
      `WITH added AS (INSERT INTO sim_journal (env, id, entry) SELECT $1, e.id, e.entry::text FROM ROWS FROM (unnest($2::bigint[]), json_array_elements($3::json)) AS e(id, entry) ON CONFLICT (env, id) DO UPDATE SET entry = excluded.entry),
            cut AS (DELETE FROM sim_journal WHERE env = $1 AND id < $4)
       INSERT INTO sim_journal_next (env, next_id) VALUES ($1, $5) ON CONFLICT (env) DO UPDATE SET next_id = greatest(sim_journal_next.next_id, excluded.next_id)`,
      [env, entries.map((e) => e.id), JSON.stringify(entries), keepFrom, next],
    );
  }

  async clear(env: string, nextId: number | null): Promise<void> {
    const client = await checkout(this.pool);
    try {
      await client.query('BEGIN');
      await client.query('DELETE FROM sim_journal WHERE env = $1', [env]);
      if (nextId === null) await client.query('DELETE FROM sim_journal_next WHERE env = $1', [env]);
      else await client.query('INSERT INTO sim_journal_next (env, next_id) VALUES ($1, $2) ON CONFLICT (env) DO UPDATE SET next_id = excluded.next_id', [env, nextId]);
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }
}
