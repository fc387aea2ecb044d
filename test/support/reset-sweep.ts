/**
 * The reset sweep (issue 43 § 1): every data kind of a product's seeded book, each changed five ways
 * in an environment of its own, then reset; see test/engine/reset-unchanged.property.test.ts. Run over
 * a host: how it opens an engine and restarts it over what was stored.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { expect } from 'vitest';
import type { Row } from '../../src/engine/core/types.ts';
import { createEngine, openDatabase, type Engine } from '../../src/engine/index.ts';
import type { Change } from '../../src/engine/storage/changes.ts';
import { openJournal, type Journal } from '../../src/hosts/node/state-file.ts';

export const NOW = Date.parse('2026-03-15T10:00:00.000Z');

export interface Host {
  open(): Promise<Engine>;
  /** Stop the engine (its background work done) and start a new one over what it stored. */
  restart(engine: Engine): Promise<Engine>;
}

export function indexedDbHost(): Host {
  const factory = new IDBFactory();
  const open = () => createEngine({ db: openDatabase('sweep', factory, IDBKeyRange), clock: () => NOW });
  return {
    open,
    async restart(engine) {
      await engine.settled();
      engine.store.db.close();
      return open();
    },
  };
}

export function stateFileHost(): Host {
  const file = join(mkdtempSync(join(tmpdir(), 'erp-sim-reset-sweep-')), 'state.jsonl');
  let journal: Journal | null = null;
  const open = () => {
    journal = openJournal(file);
    return createEngine({ backend: journal.backend, clock: () => NOW });
  };
  return {
    open,
    async restart(engine) {
      await engine.settled();
      journal?.close();
      return open();
    },
  };
}

type Mutation = (rows: [string, Row][]) => { put?: [string, Row]; delete?: string }[][];
const pick = (rows: [string, Row][]) => rows[Math.floor(rows.length / 2)] as [string, Row];

/** Each returns the writes (one array per write) that change a kind given its rows. */
const MUTATIONS: Record<string, Mutation> = {
  'a field changed': (rows) => {
    const [id, row] = pick(rows);
    const key = Object.keys(row).find((k) => typeof row[k] === 'string' || typeof row[k] === 'number');
    return [[{ put: [id, key ? { ...row, [key]: typeof row[key] === 'string' ? `${row[key] as string}x` : (row[key] as number) + 1 } : { ...row, added: true }] }]];
  },
  "a row's keys reordered": (rows) => {
    const [id, row] = pick(rows);
    const keys = Object.keys(row);
    return [[{ put: [id, Object.fromEntries(keys.reverse().map((k) => [k, row[k]]))] }]];
  },
  'a row deleted': (rows) => [[{ delete: pick(rows)[0] }]],
  'a row moved last': (rows) => {
    const [id, row] = rows[0] as [string, Row];
    return [[{ delete: id }], [{ put: [id, row] }]];
  },
  'a row added': (rows) => [[{ put: ['sweep-extra', { ...pick(rows)[1] }] }]],
};

/** The data kinds as the cache orders them, each with its rows and ids in order (key order shows in JSON). */
async function book(engine: Engine, key: string, sortKinds = false): Promise<string> {
  const data = await engine.store.data(key);
  const kinds = data.kindNames().filter((k) => !k.startsWith('sim.'));
  if (sortKinds) kinds.sort();
  return JSON.stringify(kinds.map((k) => [k, [...data.entries(k)]]));
}

export async function sweep(host: Host, product: 'receivables' | 'odata'): Promise<void> {
  let engine = await host.open();
  const admin = async (path: string, body: unknown) => {
    const res = await engine.handle(new Request(`http://x/sim/_admin${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));
    expect(res.status, path).toBeLessThan(300);
    return (await res.json()) as { key: string };
  };
  const changes: Extract<Change, { op: 'records' }>[] = [];
  const listen = (e: Engine) => e.store.onChange((c) => void (c.op === 'records' && changes.push(c)));
  listen(engine);
  const first = await admin('/environments', { product });
  const kinds = (await engine.store.data(first.key)).kindNames().filter((k) => !k.startsWith('sim.'));
  expect(kinds.length).toBeGreaterThan(product === 'receivables' ? 20 : 8);
  const books = new Map<string, string>();
  let n = 0;
  for (const kind of kinds) {
    for (const [name, mutate] of Object.entries(MUTATIONS)) {
      const { key } = n === 0 ? first : await admin('/environments', { product });
      const before = await book(engine, key);
      books.set(key, before);
      const rows = [...(await engine.store.data(key)).entries(kind)];
      for (const write of mutate(rows)) {
        await engine.store.write(key, (tx) => {
          for (const w of write) {
            if (w.delete) tx.delete(kind, w.delete);
            if (w.put) tx.put(kind, ...w.put);
          }
        });
      }
      // A change that stores the same rows (a one-key row's keys reordered, a kind's only row moved last).
      const same = (await book(engine, key)) === before;
      changes.length = 0;
      const scope = n++ % 2 ? 'data' : 'all';
      await admin(`/environments/${key}/reset`, { scope });
      const label = `${product} ${kind}: ${name}, reset ${scope}`;
      expect(await book(engine, key), label).toBe(before);
      // Only the changed kind was cleared and written again (none when the change stored the same rows).
      const reset = changes.at(-1);
      const written = [...new Set(reset?.puts.map((p) => p.kind))];
      expect(written, label).toEqual(same ? [] : [kind]);
      expect(reset?.clearData ?? [], label).toEqual(same ? [] : [kind]);
    }
  }
  // From storage: every environment as its book was, and a reset of rows read back writes nothing.
  engine = await host.restart(engine);
  listen(engine);
  for (const [key, before] of books) {
    expect(await book(engine, key, true), key).toBe(JSON.stringify((JSON.parse(before) as [string, unknown][]).sort(([a], [b]) => (a < b ? -1 : 1))));
    changes.length = 0;
    await admin(`/environments/${key}/reset`, { scope: 'data' });
    expect(changes.at(-1)?.puts.filter((p) => !p.kind.startsWith('sim.')), key).toEqual([]);
  }
  await engine.settled();
}
