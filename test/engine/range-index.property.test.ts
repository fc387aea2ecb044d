// Issue 42 § Tests and § Targets 3: the sorted index per queryable attribute (rest/range-index.ts)
// answers q ranges (>, >=, <, <=), != and LIKE with a count and the rows, kept current row by row on
// writes. Indexes can be wrong silently, so: for random sequences of writes (creates, updates of
// every queryable attribute, deletes) over the environment cache, and filters on every queryable
// attribute of invoices and receipts, the rows and count the index gives equal a plain scan (every
// row tested with the parsed q; spec 000 § Common query parameters). Stored values cover what the
// service stores and what it could be handed (decimal texts, numbers no double equals, -0, invalid
// dates and numbers, nulls).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Row } from '../../src/engine/core/types.ts';
import { invoiceResource } from '../../src/engine/products/receivables/invoices/definitions.ts';
import { receiptResource } from '../../src/engine/products/receivables/receipts/definitions.ts';
import { compileQ, likeMatch, likeMatcher, parseQ } from '../../src/engine/products/receivables/rest/q.ts';
import { rangeCandidates } from '../../src/engine/products/receivables/rest/range-index.ts';
import type { FieldDef, ResourceDef } from '../../src/engine/products/receivables/rest/types.ts';
import { EnvCache } from '../../src/engine/storage/env-cache.ts';

/** Stored attributes only: resolved names and derived values have their own paths. */
const fieldsOf = (def: ResourceDef) => def.fields.filter((f) => f.queryable && !f.value && !f.resolvedBy && f.type !== 'array' && f.type !== 'object');
const DEFS = [invoiceResource, receiptResource];

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const text = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'A', '_', '%', "'"), maxLength: 4 });
const timeUpTo = (lastDay: number) =>
  fc
  .tuple(fc.integer({ min: 2024, max: 2026 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: lastDay }), fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 999 }))
  .map(([y, m, d, h, ms]) => `${y}-${pad(m)}-${pad(d)}T${pad(h)}:00:00.${pad(ms, 3)}+0000`);
/** Stored times include days a month lacks (then no comparison accepts them); literals are valid. */
const time = timeUpTo(31);
const validTime = timeUpTo(28);

/** A value a row may hold for `f` (mostly valid; sometimes what no comparison accepts, or no double equals). */
function stored(f: FieldDef): fc.Arbitrary<unknown> {
  const odd = fc.constantFrom(null, undefined, 'not a value');
  switch (f.type) {
    case 'number':
    case 'integer':
      return fc.oneof(
        { weight: 6, arbitrary: fc.integer({ min: -300, max: 300 }).map((n) => n / 4) },
        { weight: 3, arbitrary: fc.integer({ min: -300, max: 300 }).map((n) => (n / 4).toFixed(2)) },
        { weight: 1, arbitrary: fc.constantFrom(0, -0, '-0', '1e1', ' 5', 5.5, '7.5', 1e21) },
        { weight: 1, arbitrary: odd },
        // A decimal no double equals: while one is held the index stands aside (the scan decides).
        { weight: 1, arbitrary: fc.constant('0.1000000000000000000001') },
      );
    case 'datetime':
      return fc.oneof({ weight: 8, arbitrary: time }, { weight: 1, arbitrary: fc.constantFrom('2026-03-15T10:00:00Z', '2026-03-15', '2025-02-30T00:00:00.000+0000') }, { weight: 1, arbitrary: odd });
    case 'date':
      return fc.oneof({ weight: 8, arbitrary: time.map((t) => t.slice(0, 10)) }, { weight: 1, arbitrary: odd });
    case 'boolean':
      return fc.oneof(fc.boolean(), odd);
    default:
      return fc.oneof({ weight: 8, arbitrary: text }, { weight: 1, arbitrary: fc.constantFrom(null, undefined, 12) });
  }
}

/** A q literal for `f` (numbers bare, others quoted). */
function literal(f: FieldDef): fc.Arbitrary<string> {
  const quote = (s: string) => `'${s.replaceAll("'", "''")}'`;
  switch (f.type) {
    case 'number':
      return fc.oneof(fc.integer({ min: -300, max: 300 }).map((n) => String(n / 4)), fc.constantFrom('0', '-0', '10', '7.50', '0.1', '0.1000000000000000000001'));
    case 'integer':
      return fc.integer({ min: -80, max: 80 }).map(String);
    case 'datetime':
      return fc.oneof(validTime, validTime.map((t) => `${t.slice(0, 19)}Z`), validTime.map((t) => t.slice(0, 10))).map(quote);
    case 'date':
      return validTime.map((t) => quote(t.slice(0, 10)));
    case 'boolean':
      return fc.constantFrom('true', 'false');
    default:
      return text.map(quote);
  }
}

/** One condition on `f`: every operator its type takes (LIKE on text, with any pattern). */
function condition(f: FieldDef): fc.Arbitrary<string> {
  const ops = fc.constantFrom('=', '!=', '>', '>=', '<', '<=');
  const compare = fc.tuple(ops, literal(f)).map(([op, v]) => `${f.name}${op}${v}`);
  if (f.type !== 'string') return compare;
  const pattern = fc.string({ unit: fc.constantFrom('a', 'b', 'c', '_', '%', '*'), maxLength: 5 }).map((p) => `${f.name} LIKE '${p}'`);
  return fc.oneof(compare, pattern, pattern);
}

const write = (fields: FieldDef[]) =>
  fc.oneof(
    fc.record({ t: fc.constant('put' as const), id: fc.integer({ min: 0, max: 40 }), values: fc.tuple(...fields.map(stored)) }),
    fc.record({ t: fc.constant('set' as const), id: fc.integer({ min: 0, max: 40 }), field: fc.nat(), value: fc.oneof(...fields.map(stored)) }),
    fc.record({ t: fc.constant('del' as const), id: fc.integer({ min: 0, max: 40 }) }),
  );

function run(def: ResourceDef) {
  const fields = fieldsOf(def);
  const step = fc.oneof(
    { weight: 2, arbitrary: fc.array(write(fields), { minLength: 1, maxLength: 3 }).map((w) => ({ w })) },
    { weight: 3, arbitrary: fc.array(fc.oneof(...fields.map(condition)), { minLength: 1, maxLength: 2 }).map((q) => ({ q: q.join(';') })) },
  );
  let used = 0;
  let asked = 0;
  fc.assert(
    fc.property(fc.array(step, { minLength: 2, maxLength: 30 }), (steps) => {
      const cache = new EnvCache();
      const rc = { now: new Date(0), data: cache };
      for (const s of steps) {
        if ('w' in s) {
          const puts = new Map<string, Row>();
          const dels = new Set<string>();
          for (const w of s.w) {
            const id = String(w.id);
            if (w.t === 'del') {
              if (!puts.has(id)) dels.add(id);
              continue;
            }
            dels.delete(id);
            const base = puts.get(id) ?? cache.get(def.kind, id) ?? { [def.key]: id };
            const row: Row = { ...base };
            if (w.t === 'put') fields.forEach((f, i) => (row[f.name] = w.values[i]));
            else row[(fields[w.field % fields.length] as FieldDef).name] = w.value;
            puts.set(id, row);
          }
          cache.apply([...puts].map(([id, data]) => ({ kind: def.kind, id, data })), [...dels].map((id) => ({ kind: def.kind, id })));
          continue;
        }
        const expr = parseQ(s.q, def);
        const pred = compileQ(expr);
        const want = cache.list(def.kind).filter((row) => (!def.where || def.where(row)) && (!pred || pred(row, rc)));
        asked++;
        const got = rangeCandidates(cache, def, expr);
        if (!got) continue;
        used++;
        const rows = got.rows();
        expect(rows.length, s.q).toBe(got.size);
        expect([...got.unordered()].length, s.q).toBe(got.size);
        if (got.exact) {
          // The rows in list order and their count: exactly the matches.
          expect(rows, s.q).toEqual(want);
        } else {
          // Candidates in list order, holding every match (q still decides each).
          const order = cache.list(def.kind);
          expect(rows, s.q).toEqual(order.filter((r) => rows.includes(r)));
          for (const r of want) expect(rows, s.q).toContain(r);
        }
      }
    }),
    { numRuns: 400 },
  );
  // Not vacuous: most filters went through the index.
  expect(used / asked).toBeGreaterThan(0.5);
}

describe('the sorted index per attribute equals a plain scan (issue 42 § Tests)', () => {
  for (const def of DEFS) {
    it(`${def.name}: random creates, updates of every queryable attribute and deletes, then ranges, != and LIKE on every one: rows and count as a scan`, () => run(def));
  }

  it('a LIKE pattern compiled once matches as the general match does', () => {
    const s = fc.string({ unit: fc.constantFrom('a', 'b', '%', '*', '_'), maxLength: 8 });
    fc.assert(fc.property(s, s, (t, p) => likeMatcher(p)(t) === likeMatch(t, p)), { numRuns: 5000 });
  });
});
