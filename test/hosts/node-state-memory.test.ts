// Issue 14 (Node host at scale, RSS under 400 MB): the --state journal is read through one fixed
// buffer and rows share repeated strings, with no change in what is replayed or stored; the CLI's
// heap settings leave a flag the user gave alone. (README § Scale; src/hosts/node/state-file.ts,
// v8-flags.ts; src/engine/storage/memory-backend.ts.)
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Row } from '../../src/engine/core/types.ts';
import { MemoryBackend } from '../../src/engine/index.ts';
import { serverV8Flags } from '../../src/hosts/node/v8-flags.ts';
import { openJournal, READ_CHUNK } from '../../src/hosts/node/state-file.ts';

const ENV = 'env_00000000000000000000000000000001';
const line = (puts: { kind: string; id: string; data: Row }[]) => `${JSON.stringify({ op: 'records', env: ENV, puts, deletes: [] })}\n`;

function replayed(text: string | Buffer): { rows: Map<string, Row> | undefined; file: string } {
  const file = join(mkdtempSync(join(tmpdir(), 'erp-sim-mem-')), 'state.jsonl');
  writeFileSync(file, text);
  const journal = openJournal(file);
  const rows = journal.backend.heldRecords(ENV)?.get('k');
  journal.close();
  return { rows, file };
}

describe('Node host --state journal read through a fixed buffer (issue 14)', () => {
  // A character whose bytes fall on both sides of a read boundary, in a line that ends in the next
  // read or runs on past it (a line longer than two reads).
  for (const [char, cut] of [
    ['ü', 1],
    ['€', 1],
    ['€', 2],
    ['😀', 1],
    ['😀', 2],
    ['😀', 3],
  ] as const) {
    for (const rest of [10, READ_CHUNK + 10]) {
      it(`${char} cut after byte ${cut} of ${Buffer.byteLength(char)} by a read, the line going on ${rest} bytes: replayed as written`, () => {
        const head = `{"op":"records","env":"${ENV}","puts":[{"kind":"k","id":"long","data":{"text":"`;
        const text = `${'x'.repeat(READ_CHUNK - Buffer.byteLength(head) - cut)}${char}${'y'.repeat(rest)}${char}`;
        const file = `${line([{ kind: 'k', id: 'long', data: { text } }])}${line([{ kind: 'k', id: 'next', data: { text: 'Müller' } }])}`;
        expect(file.startsWith(head)).toBe(true);
        expect(Buffer.from(file).subarray(READ_CHUNK - cut, READ_CHUNK - cut + Buffer.byteLength(char)).toString()).toBe(char);
        const { rows } = replayed(file);
        expect(rows?.get('long')?.text).toBe(text);
        expect(rows?.get('next')?.text).toBe('Müller');
      });
    }
  }

  it('a torn last line that ends inside a character is dropped and cut off the file', () => {
    const good = line([{ kind: 'k', id: 'a', data: { text: 'Zürich' } }]);
    const torn = Buffer.concat([Buffer.from(line([{ kind: 'k', id: 'b', data: { text: 'Zürich' } }]).slice(0, 60)), Buffer.from('ü').subarray(0, 1)]);
    const { rows, file } = replayed(Buffer.concat([Buffer.from(good), torn]));
    expect([...(rows?.keys() ?? [])]).toEqual(['a']);
    expect(readFileSync(file, 'utf8')).toBe(good);
  });
});

describe('Node host rows share repeated strings without changing them (issue 14)', () => {
  it('committed and replayed rows read back equal, past the point where the pool starts over', async () => {
    const backend = new MemoryBackend();
    // More distinct strings than the pool keeps (65,536), each row also holding repeated values.
    const rows = Array.from({ length: 70_000 }, (_, i) => ({
      id: String(i),
      data: { Number: `INV-${i}`, Unit: 'US1 Business Unit', Amount: (i % 7).toFixed(2), Id: 300000000000000 + i, Paid: i % 2 === 0, Note: null, Ids: [i], Nested: { Unit: 'US1 Business Unit' } } as Row,
    }));
    const expected = structuredClone(rows);
    await backend.commit({ op: 'records', env: ENV, puts: rows.slice(0, 40_000).map((r) => ({ kind: 'invoice', ...r })), deletes: [] });
    backend.replay({ op: 'records', env: ENV, puts: rows.slice(40_000).map((r) => ({ kind: 'invoice', ...r })), deletes: [] });
    const stored = (await backend.loadRecords(ENV)).get('invoice');
    expect(stored?.size).toBe(70_000);
    for (const r of expected) expect(stored?.get(r.id)).toEqual(r.data);
  });
});

describe('npm run serve V8 settings (issue 14; issue 22 § Also)', () => {
  it('sets the growing factor, stops young-generation growth and compiles baseline code at once, unless the user chose each', () => {
    const sparkplug = '--always-sparkplug';
    expect(serverV8Flags([])).toEqual(['--heap-growing-percent=30', '--semi-space-growth-factor=1', sparkplug]);
    expect(serverV8Flags(['--import', 'tsx', '--heap_growing_percent=50'])).toEqual(['--semi-space-growth-factor=1', sparkplug]);
    expect(serverV8Flags(['--max-semi-space-size=64'])).toEqual(['--heap-growing-percent=30', sparkplug]);
    expect(serverV8Flags(['--semi-space-growth-factor=2', '--heap-growing-percent=10', '--no-sparkplug'])).toEqual([]);
    expect(serverV8Flags(['--jitless'])).toEqual(['--heap-growing-percent=30', '--semi-space-growth-factor=1']);
  });

  it('stops young-generation growth only once the state file is loaded (its replay keeps every row it makes)', () => {
    expect(serverV8Flags([], 'start')).toEqual(['--heap-growing-percent=30', '--always-sparkplug']);
    expect(serverV8Flags([], 'loaded')).toEqual(['--semi-space-growth-factor=1']);
    expect(serverV8Flags(['--min-semi-space-size=4'], 'loaded')).toEqual([]);
  });
});
