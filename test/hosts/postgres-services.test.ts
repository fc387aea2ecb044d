// Issue 38 § 4: the engine's service tests pass over the PostgreSQL backend as they do over the
// embedded store. The same suites (receivables invoice creation, OData customers and invoices) run here
// with every sim's records kept in a schema of its own on a real PostgreSQL server
// (test/support/postgres.ts), through the backend the Node host uses with --store.
import pg from 'pg';
import { afterAll } from 'vitest';
import { PgBackend } from '../../src/hosts/node/postgres/pg-backend.ts';
import { migrate } from '../../src/hosts/node/postgres/schema.ts';
import { testPostgres } from '../support/postgres.ts';
import { useBackend } from '../support/sim.ts';

const server = await testPostgres();
const url = await server.database();
const pools: pg.Pool[] = [];
let n = 0;
// A schema per sim (a database each would cost a file copy): every sim starts from an empty store.
useBackend(async () => {
  const schema = `sim_${n++}`;
  const pool = new pg.Pool({ connectionString: url, max: 4, options: `-c search_path=${schema}` });
  pools.push(pool);
  await pool.query(`CREATE SCHEMA ${schema}`);
  await migrate(pool);
  return new PgBackend(pool);
});
afterAll(async () => {
  useBackend(null);
  await Promise.all(pools.map((p) => p.end()));
  await server.close();
}, 60_000);

await import('../receivables/invoices/create.test.ts');
await import('../odata/write/customers.test.ts');
await import('../odata/write/invoices.test.ts');
