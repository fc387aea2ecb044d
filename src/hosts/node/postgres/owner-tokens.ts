/**
 * Owner tokens on every host of a database: a host checks a control request's owner token against
 * the environments it knows, and one made through another host a moment ago (its notice still on
 * the way) would be refused as unknown (401) where a single host answers 404 or the environment.
 * So a token no environment of this host matches is looked up in the database first, and the
 * environment it opens is read into the list. A token no environment has costs one query.
 */
import type { Pool } from 'pg';
import { hashToken, TOKEN_PREFIX, type Engine, type Environment } from '../../../engine/for-node.ts';
import { asStoreError } from './failures.ts';

export async function learnOwnerToken(req: Request, pool: Pool, engine: Engine): Promise<void> {
  const { pathname } = new URL(req.url);
  const root = `${engine.mount}/_admin`;
  if (pathname !== root && !pathname.startsWith(`${root}/`)) return;
  const token = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(req.headers.get('authorization') ?? '')?.[1];
  if (!token?.startsWith(TOKEN_PREFIX.owner)) return;
  const hash = await hashToken(token);
  if (engine.store.environments().some((e) => e.ownerTokenHash === hash)) return;
  let rows: { key: string; row: string }[];
  try {
    rows = (await pool.query<{ key: string; row: string }>("SELECT key, row FROM sim_env WHERE (row::jsonb)->>'ownerTokenHash' = $1", [hash])).rows;
  } catch (err) {
    throw asStoreError(err, 'checking an owner token');
  }
  for (const { key, row } of rows) await engine.reload(key, JSON.parse(row) as Environment);
}
