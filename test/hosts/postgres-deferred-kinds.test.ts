// Issue 38 § 4 (restart of a host with 100k invoices in the database: first answer < 5 s): the
// first read of an environment's deferred (large) kinds reads all of them in one read (two statements
// side by side), instead
// of one statement per kind with the request run again between them (an invoice, then its lines,
// then its installments). A read of kinds one in flight covers joins it; a read after the
// environment was read afresh (loadEager) does not join an older one. Real PostgreSQL.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgBackend } from '../../src/hosts/node/postgres/pg-backend.ts';
import { migratedDatabase, type MigratedDatabase } from '../support/postgres.ts';

let database: MigratedDatabase;
let pool: pg.Pool;
const ENV = 'env_deferred';

beforeAll(async () => {
  database = await migratedDatabase(4);
  pool = database.pool;
  await pool.query("INSERT INTO sim_env (key, row) VALUES ($1, '{}')", [ENV]);
  const put = (kind: string, n: number) =>
    pool.query('INSERT INTO sim_record (env, kind, id, data) SELECT $1, $2, $2 || i, json_build_object($2::text, i)::text FROM generate_series(1, $3) AS i', [ENV, kind, n]);
  await put('invoice', 5);
  await put('invoiceLine', 8);
  await put('currency', 2);
}, 60_000);

afterAll(async () => {
  await database?.close();
}, 60_000);

/** A backend deferring kinds of 4 rows or more, and how many reads it made. */
function counted() {
  const seen = { reads: 0 };
  const backend = new PgBackend(pool, { op: (op) => void (op === 'read' && seen.reads++) }, 4);
  return { backend, seen };
}

const sizes = (records: Map<string, Map<string, unknown>>) => Object.fromEntries([...records].map(([k, rows]) => [k, rows.size]));

describe('deferred kinds read together (issue 38 § 4)', () => {
  it('the first deferred kind asked for brings the others in the same read', async () => {
    const { backend, seen } = counted();
    const { records, lazy } = await backend.loadEager(ENV);
    expect(lazy.sort()).toEqual(['invoice', 'invoiceLine']);
    expect(sizes(records)).toEqual({ currency: 2 });
    const before = seen.reads;
    const loaded = await backend.loadKinds(ENV, ['invoice']);
    expect(seen.reads - before).toBe(1);
    expect(sizes(loaded)).toEqual({ invoice: 5, invoiceLine: 8 });
    // The rows as stored, in order: the same as reading the whole environment.
    const all = await backend.loadRecords(ENV);
    for (const kind of ['invoice', 'invoiceLine']) expect([...(loaded.get(kind) ?? [])]).toEqual([...(all.get(kind) ?? [])]);
  });

  it('a read of a kind a read in flight covers joins it; after the environment is read afresh, a read starts anew', async () => {
    const { backend, seen } = counted();
    await backend.loadEager(ENV);
    const before = seen.reads;
    const first = backend.loadKinds(ENV, ['invoice']);
    const second = backend.loadKinds(ENV, ['invoiceLine']);
    expect(await second).toBe(await first);
    expect(seen.reads - before).toBe(1);
    // Another host wrote meanwhile, and this one reads the environment afresh.
    await pool.query("INSERT INTO sim_record (env, kind, id, data) VALUES ($1, 'invoiceLine', 'late', '{}')", [ENV]);
    await backend.loadEager(ENV);
    const again = await backend.loadKinds(ENV, ['invoiceLine']);
    expect(again.get('invoiceLine')?.has('late')).toBe(true);
    expect(sizes(again)).toEqual({ invoice: 5, invoiceLine: 9 });
    await pool.query("DELETE FROM sim_record WHERE env = $1 AND id = 'late'", [ENV]);
  });
});
