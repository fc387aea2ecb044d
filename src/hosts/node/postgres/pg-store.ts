/**
 * `--store postgres://…`: the pool, the schema brought up to date, and what the host keeps there
 * beside the environments (the admin-token hash, the secret hosts sign forwarded requests with).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrate } from './schema.ts';
import { isUnreachable } from './failures.ts';

export interface PgStore {
  pool: pg.Pool;
  /** Whether the database answers now: null when it does, else why not (`/sim/_ready`). */
  probe(): Promise<string | null>;
  /**
   * The admin-token hash every host of this database accepts. `chosen`: a token given to this host
   * replaces it; else the one kept is returned, or `generated` becomes it (first start wins).
   */
  adminHash(chosen: string | undefined, generated: string): Promise<{ hash: string; kept: boolean }>;
  /** The secret hosts of this database sign forwarded requests with (made on first start). */
  clusterSecret(): Promise<string>;
  close(): Promise<void>;
}

/** A URL as the log may show it: without its password. */
export function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://…';
  }
}

/** Why `--store` (with `--state`) cannot be used as given, in a sentence for the command line; null when it can. */
export function storeOptionProblem(store: string | undefined, state: string | undefined): string | null {
  if (store === undefined) return null;
  if (!/^postgres(ql)?:\/\//.test(store)) return `--store takes a PostgreSQL URL (postgres://USER:PASSWORD@HOST:PORT/DB), not '${store.replace(/:[^:@/]*@/, ':***@')}'`;
  if (state !== undefined) return '--store and --state are two stores: give one. Move environments between them with snapshots (export from one, --import into the other).';
  return null;
}

export async function openPgStore(url: string): Promise<PgStore> {
  // Fail fast when the database is gone: a request then answers 503 in seconds, not a minute.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 3000, idleTimeoutMillis: 30_000, keepAlive: true });
  // A connection the server closes while idle (a database restart) is dropped; the next use reconnects.
  pool.on('error', () => undefined);
  try {
    await migrate(pool);
  } catch (err) {
    await pool.end().catch(() => undefined);
    throw err;
  }
  const meta = async (name: string, value: string, replace: boolean): Promise<string> => {
    // Two hosts starting at once: the second's insert waits for the first's commit and then does
    // nothing, while its SELECT still reads the snapshot taken before that commit and finds no row.
    // The next statement has a new snapshot and reads the first host's value.
    for (let attempt = 0; ; attempt++) {
      const { rows } = await pool.query<{ value: string }>(
        replace
          ? 'INSERT INTO sim_meta (name, value) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = excluded.value RETURNING value'
          : 'WITH ins AS (INSERT INTO sim_meta (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING RETURNING value) SELECT value FROM ins UNION ALL SELECT value FROM sim_meta WHERE name = $1 LIMIT 1',
        [name, value],
      );
      const row = rows[0];
      if (row) return row.value;
      if (attempt >= 2) throw new Error(`sim_meta.${name} could be neither written nor read`);
    }
  };
  return {
    pool,
    async probe() {
      try {
        await pool.query('SELECT 1');
        return null;
      } catch (err) {
        return isUnreachable(err) ? `store unreachable: ${(err as Error).message}` : `store error: ${(err as Error).message}`;
      }
    },
    async adminHash(chosen, generated) {
      if (chosen !== undefined) return { hash: await meta('admin_token_hash', chosen, true), kept: false };
      const hash = await meta('admin_token_hash', generated, false);
      return { hash, kept: hash !== generated };
    },
    clusterSecret: () => meta('cluster_secret', randomBytes(32).toString('hex'), false),
    close: () => pool.end(),
  };
}
