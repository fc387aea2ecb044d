/**
 * Property-based fuzzing of the read grammars (issue 4 § 6; spec 001 § Query options, Key
 * addressing, Errors): every input gets a documented answer, never a 500.
 *   $filter: 200, 400 or 501 (501 only for functions)    $orderby / $expand / $select: 200 or 400
 *   keys: 200 or a 404 (bare or envelope)                 duplicated options: bare 404
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeFixture } from '../fixture.ts';
import { odataEnv, type ODataEnv } from '../helpers.ts';

let e: ODataEnv;
beforeAll(async () => {
  e = await odataEnv();
  await writeFixture(e);
});

const FILTER_TOKENS = [
  'CUSTNAME', 'STATDES', 'MAX_CREDIT', 'EMPNUM', 'CREATEDDATE', 'custname', 'NOPE', 'CUSTPERSONNEL_SUBFORM', 'CUSTPERSONNEL_SUBFORM/NAME',
  'eq', 'ne', 'gt', 'ge', 'lt', 'le', 'EQ', 'and', 'or', 'OR', 'not', 'in', 'has', 'null', 'true', 'false',
  '(', ')', ',', "'Active'", "'O''Brien Tools'", "''", "'", '5', '-1', '1.5', '1e3', '99999999999999999999', '2025-01-10',
  '2025-01-10T00:00:00Z', '2025-13-40', 'contains', 'startswith', 'tolower', '$it', '#', '%', '/', ' ',
];
const ORDER_TOKENS = ['CUSTNAME', 'STATDES', 'MAX_CREDIT', 'NOPE', 'CUSTPERSONNEL_SUBFORM', 'asc', 'desc', 'DESC', 'sideways', ',', ' ', '(', "'", '/'];
const EXPAND_TOKENS = [
  'CUSTPERSONNEL_SUBFORM', 'CUSTDES', 'NOPE', 'AINVOICEITEMS_SUBFORM', '(', ')', ';', ',', '=', '$top', '$skip', '$select', '$filter',
  '$orderby', '$expand', '$count', '0', '1', '-1', 'x', 'NAME', 'EMAIL', 'NAME desc', "NAME eq 'Ann Lee'", "contains(NAME,'A')", ' ', "'",
];

const tokens = (list: string[], max = 10) =>
  fc.array(fc.constantFrom(...list), { minLength: 1, maxLength: max }).chain((ts) =>
    fc.array(fc.constantFrom(' ', ''), { minLength: ts.length, maxLength: ts.length }).map((seps) => ts.map((t, i) => t + seps[i]).join('').trim() || ts.join('')),
  );
const input = (list: string[]) => fc.oneof({ weight: 4, arbitrary: tokens(list) }, { weight: 1, arbitrary: fc.string({ maxLength: 24 }) });

async function statusOf(path: string): Promise<number> {
  const res = await e.get(path);
  const text = await res.text();
  if (res.status >= 400 && res.status !== 404 && res.status !== 405 && !(res.status === 501 && text === '')) {
    // envelopes are well-formed
    const body = JSON.parse(text);
    expect(Object.keys(body.error)).toEqual(['code', 'message', 'target', 'details', 'innererror']);
  }
  return res.status;
}

const RUNS = 150;

describe('fuzzing the read grammars (never a 500)', () => {
  it('$filter: 200, 400 or 501', async () => {
    await fc.assert(
      fc.asyncProperty(input(FILTER_TOKENS), async (f) => {
        const s = await statusOf(`/CUSTOMERS?$filter=${encodeURIComponent(f)}&$top=3`);
        expect([200, 400, 501]).toContain(s);
      }),
      { numRuns: RUNS },
    );
    expect(e.sim.engine.stats.unhandledErrors).toBe(0);
  });

  it('$orderby: 200 or 400', async () => {
    await fc.assert(
      fc.asyncProperty(input(ORDER_TOKENS), async (o) => {
        expect([200, 400]).toContain(await statusOf(`/CUSTOMERS?$orderby=${encodeURIComponent(o)}&$top=3`));
      }),
      { numRuns: RUNS },
    );
    expect(e.sim.engine.stats.unhandledErrors).toBe(0);
  });

  it('$expand (with nested options): 200, 400 or 501', async () => {
    await fc.assert(
      fc.asyncProperty(input(EXPAND_TOKENS), async (x) => {
        const s = await statusOf(`/CUSTOMERS?$expand=${encodeURIComponent(x)}&$top=2`);
        expect([200, 400, 501]).toContain(s);
      }),
      { numRuns: RUNS },
    );
    expect(e.sim.engine.stats.unhandledErrors).toBe(0);
  });

  it('key predicates: 200, or a 404 (bare or envelope)', async () => {
    const KEY_TOKENS = ["'QT01'", "'Q''Z'", 'QT01', 'CUSTNAME', 'IVNUM', 'DEBIT', 'IVTYPE', '=', ',', "'", "''", "'D'", "'A'", "'QTI1'", '1', '(', ')', '%27', '%28', ' '];
    const sets = ['CUSTOMERS', 'AINVOICES', 'TINVOICES', 'PAY'];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...sets), input(KEY_TOKENS), fc.constantFrom('', '/CUSTPERSONNEL_SUBFORM', '/AINVOICEITEMS_SUBFORM', '/$count'), async (set, k, tail) => {
        const path = `/${set}(${k.replace(/[ #?]/g, encodeURIComponent).replace(/\//g, '%2F')})${tail}`;
        expect([200, 404]).toContain(await statusOf(path));
      }),
      { numRuns: RUNS },
    );
    expect(e.sim.engine.stats.unhandledErrors).toBe(0);
  });

  it('raw query strings (names, duplicates, escapes): 200, 400, 404 or 501', async () => {
    const PARTS = ['$top=1', '$TOP=2', '$top=', '%24top=1', '$skip=1', '$select=CUSTNAME', '$select=NOPE', '$filter=CUSTNAME%20eq%20%27QT01%27', '$orderby=CUSTNAME', '$since=x', '$count=true', 'foo=bar', '$expand=CUSTPERSONNEL_SUBFORM', '%zz=1', '$top=%zz', '&', '='];
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...PARTS), { maxLength: 6 }), async (parts) => {
        expect([200, 400, 404, 501]).toContain(await statusOf(`/CUSTOMERS?${parts.join('&')}`));
      }),
      { numRuns: RUNS },
    );
    expect(e.sim.engine.stats.unhandledErrors).toBe(0);
  });
});
