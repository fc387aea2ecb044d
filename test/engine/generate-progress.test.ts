// Issue 14 (browser at scale: "generate 100k ... with the page responsive and progress shown"): the
// engine tells its host after each committed slice of a generate how far it has come, so the worker
// can pass it to the page; the figures only grow and end at the total.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { expect, it } from 'vitest';
import { createEngine, openDatabase, type WorkProgress } from '../../src/engine/index.ts';

it('generate reports each committed slice to onProgress, ending at the total (issue 14 § What to reach)', async () => {
  const seen: WorkProgress[] = [];
  const engine = await createEngine({ db: openDatabase('progress', new IDBFactory(), IDBKeyRange), onProgress: (p) => seen.push(p) });
  const admin = (path: string, body: unknown) => engine.handle(new Request(`http://x/sim/_admin${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }));
  const { key } = (await (await admin('/environments', { product: 'odata' })).json()) as { key: string };
  const res = await admin(`/environments/${key}/generate`, { count: 7000 });
  expect(res.status).toBe(201);
  expect(seen.map((p) => p.done)).toEqual([3000, 6000, 7000]);
  expect(seen.every((p) => p.env === key && p.task === 'generate' && p.total === 7000)).toBe(true);
}, 60_000);
