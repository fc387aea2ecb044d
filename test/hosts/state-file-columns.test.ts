// Issue 14 (restart with --state < 5 s at 100k) and issue 22 § Also (the Node host measured as a user
// meets it): a large change's journal lines hold their rows as columns (src/hosts/node/state-file.ts),
// and every row comes back from a restart as it was committed, keys in order; journals written with
// JSON rows (before) replay unchanged.
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Row } from '../../src/engine/core/types.ts';
import { openJournal } from '../../src/hosts/node/state-file.ts';

const ENV = 'env_00000000000000000000000000000002';
const newFile = () => join(mkdtempSync(join(tmpdir(), 'erp-sim-columns-')), 'state.jsonl');

/** What a generate commits: an invoice, its lines and its installment, interleaved. */
function generated(n: number, from = 0): { kind: string; id: string; data: Row }[] {
  return Array.from({ length: n }, (_, k) => {
    const i = from + k;
    const id = 300_000_000_000_000 + i * 7;
    return [
      { kind: 'invoice', id: String(id), data: { CustomerTransactionId: id, TransactionNumber: `INV-${id}`, BusinessUnit: 'US1 Business Unit', EnteredAmount: `${i % 97}.50`, voided: i % 5 === 0, glPostedDate: null, lineIds: [id + 1, id + 2], note: { text: `Zürich ${i}` } } },
      { kind: 'invoiceLine', id: String(id + 1), data: { CustomerTransactionLineId: id + 1, invoiceId: id, LineNumber: 1, Quantity: '2' } },
      { kind: 'installment', id: String(id + 3), data: { InstallmentId: id + 3, invoiceId: id, AmountPaid: i % 3 ? '0.00' : null } },
    ];
  }).flat();
}

function held(file: string): Map<string, Map<string, Row>> {
  const journal = openJournal(file);
  try {
    return new Map([...(journal.backend.heldRecords(ENV) ?? [])].map(([kind, rows]) => [kind, new Map(rows)]));
  } finally {
    journal.close();
  }
}

const envLine = `${JSON.stringify({ op: 'env-put', env: { key: ENV, product: 'receivables', name: 'a large change' } })}\n`;

describe('--state journal: a large change as columns (issue 14, issue 22 § Also)', () => {
  it('a generate-sized change is written as column lines and replays to the same rows, keys in order', async () => {
    const file = newFile();
    writeFileSync(file, envLine);
    const puts = generated(1_500);
    const journal = openJournal(file);
    await journal.backend.commit({ op: 'records', env: ENV, puts: structuredClone(puts), deletes: [] });
    journal.close();
    const text = readFileSync(file, 'utf8');
    const lines = text.trim().split('\n').map((l) => JSON.parse(l) as { more?: true; columns?: { kind: string; ids: string[] }; puts?: unknown[] });
    const columnLines = lines.filter((l) => l.columns);
    // 4,500 rows in slices of 1,000, one line per kind of a slice.
    expect(columnLines.every((l) => l.more && l.puts?.length === 0)).toBe(true);
    expect(columnLines.reduce((n, l) => n + (l.columns?.ids.length ?? 0), 0)).toBe(4_500);
    expect(new Set(columnLines.map((l) => l.columns?.kind))).toEqual(new Set(['invoice', 'invoiceLine', 'installment']));
    // The rows are not in the file as JSON text, and take far fewer bytes than JSON would.
    expect(text).not.toContain('"TransactionNumber"');
    expect(statSync(file).size).toBeLessThan(JSON.stringify(puts).length / 3);
    const back = held(file);
    for (const p of puts) {
      const row = back.get(p.kind)?.get(p.id);
      expect(row).toEqual(p.data);
      expect(Object.keys(row ?? {})).toEqual(Object.keys(p.data));
    }
  });

  it('a row put twice in one change (and one deleted) replays as the change left it', async () => {
    const file = newFile();
    writeFileSync(file, envLine);
    const first = generated(600);
    const again = generated(600).map((p) => ({ ...p, data: { ...p.data, changed: true } }));
    const journal = openJournal(file);
    await journal.backend.commit({ op: 'records', env: ENV, puts: [...first, ...again], deletes: [{ kind: 'invoice', id: first[0]?.id as string }] });
    journal.close();
    const back = held(file);
    expect(back.get('invoice')?.size).toBe(600);
    for (const p of again) expect(back.get(p.kind)?.get(p.id)).toEqual(p.data);
  });

  it('a journal written with JSON rows (before columns) replays unchanged', () => {
    const file = newFile();
    const puts = generated(400);
    const more = (part: typeof puts) => `${JSON.stringify({ op: 'records', env: ENV, puts: part, deletes: [], more: true })}\n`;
    writeFileSync(file, `${envLine}${more(puts.slice(0, 700))}${more(puts.slice(700))}${JSON.stringify({ op: 'records', env: ENV, puts: [], deletes: [] })}\n`);
    const back = held(file);
    for (const p of puts) expect(back.get(p.kind)?.get(p.id)).toEqual(p.data);
  });

  it('a damaged column line before the end is reported with its place, not replayed as something else', async () => {
    const file = newFile();
    writeFileSync(file, envLine);
    const journal = openJournal(file);
    await journal.backend.commit({ op: 'records', env: ENV, puts: generated(500), deletes: [] });
    journal.close();
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    const at = lines.findIndex((l) => l.includes('"columns"'));
    const line = JSON.parse(lines[at] as string) as { columns: { rows: string } };
    line.columns.rows = Buffer.from('not columns').toString('base64');
    lines[at] = JSON.stringify(line);
    writeFileSync(file, `${lines.join('\n')}\n`);
    expect(() => openJournal(file)).toThrow(/the rows of a line ending at byte \d+ cannot be read/);
  });

  it('the snapshot a start writes over superseded rows holds columns too, and replays to the rows it held', async () => {
    const file = newFile();
    writeFileSync(file, envLine);
    const journal = openJournal(file);
    // The same 3,000 documents written six times: 54,000 rows written for 9,000 live ones.
    let last = generated(3_000);
    for (let round = 0; round < 6; round++) {
      last = generated(3_000).map((p) => ({ ...p, data: { ...p.data, round } }));
      await journal.backend.commit({ op: 'records', env: ENV, puts: last, deletes: [] });
    }
    journal.close();
    const before = statSync(file).size;
    const reopened = openJournal(file);
    expect(reopened.compacted).toBe(true);
    reopened.close();
    expect(statSync(file).size).toBeLessThan(before / 4);
    expect(readFileSync(file, 'utf8')).toContain('"columns"');
    const back = held(file);
    expect(back.get('invoice')?.size).toBe(3_000);
    for (const p of last) expect(back.get(p.kind)?.get(p.id)).toEqual(p.data);
  });
});
