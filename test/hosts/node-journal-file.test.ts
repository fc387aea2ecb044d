/**
 * The Node host's journal file (src/hosts/node/journal-file.ts) keeps each entry in memory as its
 * JSON bytes and writes lines from them: the file and what a restart loads must be what writing
 * `JSON.stringify(line)` of the entries gave (issue 21 § 3: the journal across a restart; issue 42
 * "Reads ahead of every peer": the host's time cut, what users see the same).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileJournalPersistence } from '../../src/hosts/node/journal-file.ts';
import type { JournalEntry } from '../../src/engine/journal/types.ts';

const entry = (id: number): JournalEntry => ({
  id,
  at: '2026-01-01T00:00:00.000Z',
  product: 'receivables',
  service: 'rest',
  method: 'GET',
  path: `/x/${id}`,
  status: 200,
  ms: 0.5,
  source: 'outside',
  request: { headers: { accept: 'application/json' } },
  response: { headers: { 'content-type': 'application/json' }, body: `{"n":${id},"t":"\u00e9\u2026\ud83d\ude00 \ud83d"}${'x'.repeat(id % 3 === 0 ? 5000 : 10)}` },
});

describe('journal file', () => {
  it('appends lines equal to JSON.stringify(line), rewrites them from memory and loads the entries again', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'jf-')), 's.jsonl.journal.jsonl');
    const journal = new FileJournalPersistence(file);
    await journal.append('a', [entry(1), entry(2)], 1);
    await journal.clear('b', 9);
    expect(readFileSync(file, 'utf8')).toBe(`${JSON.stringify({ env: 'a', add: [entry(1), entry(2)], keepFrom: 1 })}\n${JSON.stringify({ env: 'b', clear: true, nextId: 9 })}\n`);
    // Past 2000 lines more than environments the file is rewritten from what memory keeps.
    for (let id = 3; id <= 2010; id++) await journal.append('a', [entry(id)], id - 4);
    journal.close();
    const kept = [2006, 2007, 2008, 2009, 2010].map(entry);
    const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
    expect(lines.length).toBeLessThan(20);
    expect(lines).toContain(JSON.stringify({ env: 'b', clear: true, nextId: 9 }));
    const again = new FileJournalPersistence(file);
    expect(await again.load('a')).toStrictEqual({ entries: kept, nextId: 2011 });
    expect(await again.load('b')).toStrictEqual({ entries: [], nextId: 9 });
    again.close();
  });
});
