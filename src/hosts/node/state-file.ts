/**
 * `--state FILE`: a journal of committed changes, one JSON line each, appended after every write
 * and replayed at start. At start the journal is compacted into a snapshot of what it held.
 */
import { appendFileSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { Change, SimDatabase } from '../../engine/index.ts';
import type { SimStore } from '../../engine/storage/store.ts';

const SNAPSHOT_CHUNK = 2000;

export async function replayJournal(store: SimStore, file: string): Promise<number> {
  if (!existsSync(file)) return 0;
  let applied = 0;
  const lines = readFileSync(file, 'utf8').split('\n');
  for (const [i, line] of lines.entries()) {
    if (!line.trim()) continue;
    let change: Change;
    try {
      change = JSON.parse(line) as Change;
    } catch {
      // A torn last line (killed mid-append) is dropped; anything earlier is corruption.
      if (i >= lines.length - 2) break;
      throw new Error(`${file}: line ${i + 1} is not valid JSON`);
    }
    await store.commit(change);
    applied++;
  }
  return applied;
}

/** Rewrite the journal as a compact snapshot of the database (temp file + rename: never half-written). */
export async function compactJournal(db: SimDatabase, file: string): Promise<void> {
  const out: string[] = [];
  for (const env of await db.environments.toArray()) {
    out.push(JSON.stringify({ op: 'env-put', env } satisfies Change));
    const rows = await db.records.where('[env+kind+id]').between([env.key], [env.key, []], true, true).toArray();
    for (let i = 0; i < rows.length; i += SNAPSHOT_CHUNK) {
      const puts = rows.slice(i, i + SNAPSHOT_CHUNK).map((r) => ({ kind: r.kind, id: r.id, data: r.data }));
      out.push(JSON.stringify({ op: 'records', env: env.key, puts, deletes: [] } satisfies Change));
    }
  }
  const tmp = `${file}.tmp`;
  writeFileSync(tmp, out.length ? `${out.join('\n')}\n` : '');
  renameSync(tmp, file);
}

export function journalTo(store: SimStore, file: string): void {
  store.onChange((change) => appendFileSync(file, `${JSON.stringify(change)}\n`));
}
