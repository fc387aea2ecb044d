// The journal and fault injection in the Node host (issue 12 §§ 1-2): one access-log line per
// request (--log), a dropped connection is a reset socket, a curl-style client's request appears
// in the journal read over HTTP.
import { appendFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startNodeHost } from '../../src/hosts/node/server.ts';
import { FileJournalPersistence } from '../../src/hosts/node/journal-file.ts';
import type { JournalEntry } from '../../src/engine/index.ts';

describe('Node host: journal, access log and faults', () => {
  it('prints one access-log line per request, resets the socket for a dropped connection, journals what any client sent', async () => {
    const lines: string[] = [];
    const host = await startNodeHost({ port: 0, host: '127.0.0.1', log: (l) => lines.push(l) });
    try {
      const admin = (path: string, init?: RequestInit) => fetch(`${host.url}/sim/_admin${path}`, init);
      const env = (await (await admin('/environments', { method: 'POST', body: '{"product":"odata"}' })).json()) as { key: string };
      expect((await admin(`/environments/${env.key}/faults`, { method: 'POST', body: '{"kind":"drop","path":"*/CUSTOMERS"}' })).status).toBe(201);
      const root = `${host.url}/sim/${env.key}/odata/Priority/tabula.ini/demo`;
      const dropped = await fetch(`${root}/CUSTOMERS`).then(
        () => 'answered',
        (err: Error & { cause?: { code?: string } }) => err.cause?.code,
      );
      expect(dropped).toBe('ECONNRESET');
      expect((await fetch(`${root}/AINVOICES`)).status).toBe(401);
      expect(lines.some((l) => / GET \/sim\/env_\w+\/odata\/Priority\/tabula\.ini\/demo\/CUSTOMERS dropped [\d.]+ms \[injected\]$/.test(l))).toBe(true);
      expect(lines.some((l) => /^\S+Z GET \/sim\/env_\w+\/odata\/Priority\/tabula\.ini\/demo\/AINVOICES 401 [\d.]+ms$/.test(l))).toBe(true);
      await host.engine.settled();
      const items = ((await (await admin(`/environments/${env.key}/journal`)).json()) as { items: { status: number; path: string; injected?: string }[] }).items;
      expect(items.map((e) => [e.status, e.path, e.injected])).toEqual([
        [401, '/odata/Priority/tabula.ini/demo/AINVOICES', undefined],
        [0, '/odata/Priority/tabula.ini/demo/CUSTOMERS', 'fault-1'],
      ]);
    } finally {
      await host.close();
    }
  });

  it('with --state, keeps the journal next to it (FILE.journal.jsonl) across a restart, ids going on', async () => {
    const stateFile = join(mkdtempSync(join(tmpdir(), 'sim-journal-')), 'state.jsonl');
    const first = await startNodeHost({ port: 0, host: '127.0.0.1', stateFile });
    const env = (await (await fetch(`${first.url}/sim/_admin/environments`, { method: 'POST', body: '{"product":"odata"}' })).json()) as { key: string };
    await fetch(`${first.url}/sim/${env.key}/odata/Priority/tabula.ini/demo/CUSTOMERS`);
    await first.close();
    const second = await startNodeHost({ port: 0, host: '127.0.0.1', stateFile });
    try {
      await fetch(`${second.url}/sim/${env.key}/odata/Priority/tabula.ini/demo/AINVOICES`);
      await second.engine.settled();
      const items = ((await (await fetch(`${second.url}/sim/_admin/environments/${env.key}/journal`)).json()) as { items: { id: number; path: string }[] }).items;
      expect(items.map((e) => [e.id, e.path])).toEqual([
        [2, '/odata/Priority/tabula.ini/demo/AINVOICES'],
        [1, '/odata/Priority/tabula.ini/demo/CUSTOMERS'],
      ]);
    } finally {
      await second.close();
    }
  });

  it('the journal file is rewritten when mostly superseded and reads back the same ring; a torn last line is skipped', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'sim-journal-')), 'j.jsonl');
    const p = new FileJournalPersistence(file);
    const entry = (id: number) => ({ id, at: '2026-03-15T10:00:00.000Z', product: 'odata', service: 'odata', method: 'GET', path: `/x/${id}`, status: 200, ms: 1, request: { headers: {} }, response: { headers: {} } }) satisfies JournalEntry;
    for (let id = 1; id <= 2500; id++) await p.append('env_a', [entry(id)], Math.max(1, id - 4));
    expect(readFileSync(file, 'utf8').trim().split('\n').length).toBeLessThan(600);
    const again = await new FileJournalPersistence(file).load('env_a');
    expect(again.entries.map((e) => e.id)).toEqual([2496, 2497, 2498, 2499, 2500]);
    expect(again.nextId).toBe(2501);
    appendFileSync(file, '{"env":"env_a","add":[{"id":2501');
    expect((await new FileJournalPersistence(file).load('env_a')).nextId).toBe(2501);
  });

  it('writes each line as JSON.stringify would, whatever its size, and a line after a torn one stands on its own', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'sim-journal-')), 'j.jsonl');
    const p = new FileJournalPersistence(file);
    // Bodies of every width of UTF-8 (1-4 bytes), escapes, and a line far larger than one write's buffer.
    const body = (id: number) => `{"n":${id},"t":"a\u00e9\u20ac\ud83d\ude00\\"\n\t"}`.repeat(200 + id * 40);
    const entry = (id: number) => ({ id, at: '2026-03-15T10:00:00.000Z', product: 'receivables', service: 'rest', method: 'GET', path: `/x/${id}`, status: 200, ms: 1.5, request: { headers: { accept: '*/*' } }, response: { headers: { 'content-type': 'application/json' }, body: body(id) } }) satisfies JournalEntry;
    const batch = Array.from({ length: 60 }, (_, i) => entry(i + 1));
    await p.append('env_a', batch, 1);
    await p.clear('env_b', 7);
    const lines = readFileSync(file, 'utf8').split('\n');
    expect(lines[0]).toBe(JSON.stringify({ env: 'env_a', add: batch, keepFrom: 1 }));
    expect(lines[0]!.length).toBeGreaterThan(1_000_000);
    expect(lines[1]).toBe(JSON.stringify({ env: 'env_b', clear: true, nextId: 7 }));
    expect(lines[2]).toBe('');
    // A kill cut the last line: the next start appends its first line on a line of its own.
    appendFileSync(file, '{"env":"env_a","add":[{"id":61');
    const after = new FileJournalPersistence(file);
    await after.append('env_a', [entry(62)], 1);
    const again = await new FileJournalPersistence(file).load('env_a');
    expect(again.entries.map((e) => e.id)).toEqual([...batch.map((e) => e.id), 62]);
    expect(again.entries[0]).toEqual(batch[0]);
  });
});
