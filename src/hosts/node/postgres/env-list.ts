/**
 * The environment list of a host of a shared database as stored: the rows of environments other
 * hosts answer (changed there), new ones, gone ones. The control API's lists and checks see every
 * environment, wherever it was created.
 */
import type { Engine, Environment } from '../../../engine/for-node.ts';

/** `held`: environments this host answers (its memory of them is the database's); `query` reads a statement's rows. */
export async function syncList(engine: Engine, held: ReadonlyMap<string, unknown>, query: <T>(text: string, doing: string) => Promise<T[]>): Promise<void> {
  const rows = await query<{ key: string; row: string }>('SELECT key, row FROM sim_env', 'listing the environments');
  const stored = new Set<string>();
  for (const { key, row } of rows) {
    stored.add(key);
    if (held.has(key)) continue;
    const now = engine.store.env(key);
    if (!now || JSON.stringify(now) !== row) await engine.reload(key, JSON.parse(row) as Environment);
  }
  for (const env of engine.store.environments()) if (!stored.has(env.key) && !held.has(env.key)) await engine.reload(env.key, null);
}
