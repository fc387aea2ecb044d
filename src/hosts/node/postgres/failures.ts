/** Which PostgreSQL failures mean "the database cannot be reached" (503, retry) rather than a bug. */
import type { Pool, PoolClient } from 'pg';
import { StoreUnavailable } from '../../../engine/for-node.ts';

const listening = new WeakSet<PoolClient>();

/**
 * A client of the pool for a transaction. A connection the server ends while the client is checked
 * out (a database restart) is reported as an 'error' event on it: without a listener it would stop
 * the process. The query in progress fails anyway, which is how the caller learns of it.
 */
export async function checkout(pool: Pool): Promise<PoolClient> {
  const client = await pool.connect();
  if (!listening.has(client)) {
    client.on('error', () => undefined);
    listening.add(client);
  }
  return client;
}

/** SQLSTATE classes of a lost or refused connection: 08 connection, 53 resources, 57 operator intervention. */
const UNREACHABLE_STATE = /^(08|53|57)/;
const UNREACHABLE_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

export function isUnreachable(err: unknown): boolean {
  if (err instanceof StoreUnavailable) return true;
  const e = err as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  if (UNREACHABLE_STATE.test(code) || UNREACHABLE_ERRNO.has(code)) return true;
  const message = typeof e?.message === 'string' ? e.message : '';
  return /Connection terminated|connection timeout|Client has encountered a connection error|timeout exceeded when trying to connect/i.test(message);
}

/** `err` as the engine should see it: a StoreUnavailable when the database cannot be reached. */
export function asStoreError(err: unknown, doing: string): unknown {
  if (err instanceof StoreUnavailable || !isUnreachable(err)) return err;
  return new StoreUnavailable(`The database could not be reached while ${doing} (${(err as Error).message}). Nothing of this request was stored; retry shortly.`);
}
