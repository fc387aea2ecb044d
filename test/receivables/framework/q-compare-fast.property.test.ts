// Issue 42 § Targets 3 (ranges with totalResults scanned every row through big.js and a datetime
// parse): q compares a stored JS number with a number literal as doubles when the literal is
// exactly a double, and a datetime stored in the service's form with the literal in that form. Spec 000
// § Common query parameters: numbers compare as decimals. Property: for any stored number and any
// literal (exact doubles, and decimals no double equals), every operator answers what a decimal
// comparison answers; for any stored datetime text (valid or not) and a literal in any accepted
// form, what comparing the parsed instants answers.
import { Big } from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invoiceResource } from '../../../src/engine/products/receivables/invoices/definitions.ts';
import { compileQ, parseQ } from '../../../src/engine/products/receivables/rest/q.ts';
import { parseDateTime } from '../../../src/engine/products/receivables/rest/values.ts';

const OPS = ['=', '!=', '>', '>=', '<', '<='] as const;
const rc = { now: new Date(0), data: undefined as never }; // plain attributes never read the data

function decimal(op: (typeof OPS)[number], a: Big, b: Big): boolean {
  const c = a.cmp(b);
  return op === '=' ? c === 0 : op === '!=' ? c !== 0 : op === '>' ? c > 0 : op === '>=' ? c >= 0 : op === '<' ? c < 0 : c <= 0;
}

const stored = fc.oneof(
  fc.integer({ min: -1e6, max: 1e6 }).map((n) => n / 100),
  fc.double({ min: -1e11, max: 1e11, noNaN: true }),
  fc.constantFrom(0, -0, 0.1, 0.2, 0.30000000000000004, 1e-7, 99999999999.9999),
);
const literal = fc.oneof(
  stored.map((n) => String(n)),
  fc.tuple(fc.integer({ min: -1e6, max: 1e6 }), fc.integer({ min: 0, max: 99999 })).map(([i, f]) => `${i}.${String(f).padStart(5, '0')}1`),
  fc.constantFrom('0.1000000000000000000001', '0.3', '-0', '100', '1e2', '0.30000000000000004', '0.30000000000000003'),
);

/** Decimal texts as the service stores amounts (and longer ones, which take the decimal path). */
const storedText = fc.oneof(
  fc.tuple(fc.bigInt({ min: -(10n ** 11n) + 1n, max: 10n ** 11n - 1n }), fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 9999 })).map(([i, places, f]) =>
    places === 0 ? String(i) : `${i}.${String(f).padStart(4, '0').slice(0, places)}`,
  ),
  fc.integer({ min: -1e6, max: 1e6 }).map((n) => (n / 100).toFixed(2)),
  fc.constantFrom('-0', '0.0000', '00012.5', '99999999999.9999', '123456789012345', '1234567890123456', '0.30000000000000004', '1e2', 'abc'),
);

describe('number comparisons in q equal decimal comparisons', () => {
  it('every operator, stored decimal texts against exact and inexact literals (number and integer attributes)', () => {
    fc.assert(
      fc.property(storedText, literal, fc.constantFrom(...OPS), fc.boolean(), (value, lit, op, integer) => {
        const field = integer ? 'BillToPartyId' : 'InvoiceBalanceAmount';
        let pred;
        try {
          pred = compileQ(parseQ(`${field}${op}${lit}`, invoiceResource));
        } catch {
          return; // a literal an integer attribute refuses
        }
        let stored: Big | null = null;
        try {
          stored = new Big(value);
          if (integer && !stored.eq(stored.round(0, Big.roundDown))) stored = null;
        } catch {
          stored = null;
        }
        expect(pred?.({ [field]: value }, rc), `${value} ${op} ${lit}`).toBe(stored === null ? false : decimal(op, stored, new Big(lit)));
      }),
      { numRuns: 3000 },
    );
  });

  it('every operator, stored JS numbers against exact and inexact literals', () => {
    fc.assert(
      fc.property(stored, literal, fc.constantFrom(...OPS), (value, lit, op) => {
        const pred = compileQ(parseQ(`InvoiceBalanceAmount${op}${lit}`, invoiceResource));
        expect(pred?.({ InvoiceBalanceAmount: value }, rc)).toBe(decimal(op, new Big(value), new Big(lit)));
      }),
      { numRuns: 3000 },
    );
  });
});

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const storedTime = fc.oneof(
  fc.integer({ min: -62167219200000, max: Date.UTC(9999, 11, 31) }).map((ms) => `${new Date(ms).toISOString().slice(0, 23)}+0000`),
  fc.tuple(fc.integer({ min: 1990, max: 2030 }), fc.integer({ min: 0, max: 14 }), fc.integer({ min: 0, max: 32 }), fc.integer({ min: 0, max: 25 })).map(([y, m, d, h]) => `${y}-${pad(m)}-${pad(d)}T${pad(h)}:00:00.000+0000`),
  fc.constantFrom('2026-03-15T10:00:05.003+0000', '2026-03-15T10:00:05.003Z', '2026-03-15', 'not a date', '2024-02-29T00:00:00.000+0000', '2023-02-29T00:00:00.000+0000'),
);
const timeLiteral = fc.oneof(
  storedTime.filter((t) => parseDateTime(t) !== null),
  fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2030, 0, 1) }).map((ms) => new Date(ms).toISOString()),
  fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2030, 0, 1) }).map((ms) => `${new Date(ms).toISOString().slice(0, 19)}+05:30`),
  fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2030, 0, 1) }).map((ms) => new Date(ms).toISOString().slice(0, 10)),
);

describe('datetime comparisons in q equal comparisons of instants', () => {
  it('every operator, stored texts against literals in every accepted form', () => {
    fc.assert(
      fc.property(storedTime, timeLiteral, fc.constantFrom(...OPS), (value, lit, op) => {
        const pred = compileQ(parseQ(`LastUpdateDate${op}'${lit}'`, invoiceResource));
        const a = parseDateTime(value);
        const b = parseDateTime(lit) as number;
        const want = a === null ? false : decimal(op, new Big(a), new Big(b));
        expect(pred?.({ LastUpdateDate: value }, rc), `${value} ${op} ${lit}`).toBe(want);
      }),
      { numRuns: 3000 },
    );
  });
});
