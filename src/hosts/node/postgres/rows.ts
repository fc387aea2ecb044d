/**
 * How an environment's records are read from `sim_record`: which kinds are large (read when a
 * request needs them), and rows streamed and decoded as they arrive. Used by the backend's own reads
 * (pg-backend.ts) and by the read a host makes while it waits for a dead holder's lease
 * (read-ahead.ts), so both read exactly the same way.
 */
import pg, { type PoolClient } from 'pg';
import type { Records, Row } from '../../../engine/for-node.ts';

/**
 * Kinds with this many rows or more wait until a request reads them: a request that reads none of
 * them (a token, a customer) is answered without reading 100k invoices first.
 */
export const LAZY_ROWS = 4000;

/**
 * The environment's kinds, each with its row count up to $2: walked along the (env, kind, seq)
 * index, one step per kind, counting at most $2 rows of each. Grouping every row by kind scanned the
 * whole table (in parallel, 0.2 s at 100k invoices, more right after a generate), and so did
 * reading the small kinds with `kind <> ALL(large ones)`.
 */
export const KIND_SIZES = `WITH RECURSIVE kinds(kind) AS (
    SELECT min(kind) FROM sim_record WHERE env = $1
    UNION ALL
    SELECT (SELECT min(r.kind) FROM sim_record r WHERE r.env = $1 AND r.kind > kinds.kind) FROM kinds WHERE kinds.kind IS NOT NULL
  )
  SELECT kind, (SELECT count(*) FROM (SELECT 1 FROM sim_record r WHERE r.env = $1 AND r.kind = kinds.kind LIMIT $2) AS upto)::int AS n
  FROM kinds WHERE kind IS NOT NULL`;

/** Rows of the given kinds (`$2`), kind by kind in the order they were first written. */
export const ROWS_OF_KINDS = 'SELECT kind, id, data FROM sim_record WHERE env = $1 AND kind = ANY($2::text[]) ORDER BY kind, seq';

/**
 * KIND_SIZES's answer split: the kinds read now, and the large ones (rows of the engine's data, not
 * the simulator's own `sim.` kinds) read when a request needs them.
 */
export function splitKinds(sizes: readonly { kind: string; n: number }[], lazyRows: number): { eager: string[]; lazy: string[] } {
  const lazy = sizes.filter((r) => r.n >= lazyRows && !r.kind.startsWith('sim.')).map((r) => r.kind);
  return { eager: sizes.map((r) => r.kind).filter((k) => !lazy.includes(k)), lazy };
}

/**
 * Rows as they arrive, each decoded and dropped at once: the rows of 100k invoices kept as read
 * until the last one came doubled the heap, and decoding them in one loop held the event loop for
 * seconds. Rows come kind by kind (the index on env, kind, seq), each kind in the order its rows
 * were first written, which is the order the engine lists them in. `dropped`: rows arriving once it
 * holds are not decoded (a read no longer wanted).
 */
export async function streamRows(client: PoolClient, text: string, values: unknown[], dropped: () => boolean = () => false): Promise<Records> {
  const records: Records = new Map();
  let last: Map<string, Row> | undefined;
  let lastKind = '';
  const onRow = ([kind, id, data]: [string, string, string]) => {
    if (dropped()) return;
    if (kind !== lastKind || !last) {
      last = records.get(kind);
      if (!last) records.set(kind, (last = new Map()));
      lastKind = kind;
    }
    last.set(id, JSON.parse(data) as Row);
  };
  await new Promise<void>((resolve, reject) => {
    // Rows as arrays (no object per row); the driver's Query takes rowMode, its types omit it.
    const config: pg.QueryConfig & { rowMode: 'array' } = { text, values, rowMode: 'array' };
    const query = new pg.Query(config);
    query.on('row', onRow);
    query.on('end', () => resolve());
    query.on('error', reject);
    client.query(query);
  });
  return records;
}

/**
 * Kinds in two groups read side by side, each on a connection of its own: one connection left the
 * host waiting for PostgreSQL about a quarter of a 100k read (4.2 s wall against 3.4 s of its CPU),
 * two kept it decoding (3.0-3.2 s wall, measured at 100k invoices). Each kind stays whole in one group,
 * so its rows keep their order.
 */
export function twoGroups(kinds: readonly string[]): string[][] {
  const sorted = [...kinds].sort();
  const groups = [sorted.filter((_, i) => i % 2 === 0), sorted.filter((_, i) => i % 2 === 1)];
  return groups.filter((g) => g.length);
}

/** The records of several reads as one, kinds by name (as one read ordered by kind lists them). */
export function merged(parts: readonly Records[]): Records {
  const kinds = parts.flatMap((p) => [...p]).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new Map(kinds);
}
