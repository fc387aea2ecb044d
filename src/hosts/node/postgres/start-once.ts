/**
 * The environments a plain start makes on an empty store, made once for every host of a database:
 * hosts starting together take an advisory lock in turn, and only the one that finds no environment
 * makes them. The others wait for it, then know its environments (and list them, not make more).
 */
import type { Pool } from 'pg';
import type { Engine, Environment } from '../../../engine/for-node.ts';
import { checkout } from './failures.ts';

/** The advisory lock of the start environments (any fixed value every host shares, not the migrations'). */
const START_LOCK = 0x65727073696e;

/** Run `make` when the database holds no environment, under the lock; null when it held some. */
export async function whenDatabaseEmpty<T>(pool: Pool, engine: Engine, make: () => Promise<T>): Promise<T | null> {
  const client = await checkout(pool);
  let broken: Error | undefined;
  try {
    // Session-level: `make` writes through the pool, in transactions of its own, while this is held.
    await client.query('SELECT pg_advisory_lock($1)', [START_LOCK]);
    try {
      const { rows } = await client.query<{ key: string; row: string }>('SELECT key, row FROM sim_env');
      if (!rows.length) return await make();
      for (const { key, row } of rows) if (!engine.store.env(key)) await engine.reload(key, JSON.parse(row) as Environment);
      return null;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [START_LOCK]).catch((err: Error) => (broken = err));
    }
  } catch (err) {
    broken = err as Error;
    throw err;
  } finally {
    // A connection that failed is not given back (its session, and so the lock, ends with it).
    client.release(broken);
  }
}
