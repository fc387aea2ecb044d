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

interface Answer {
  status: number;
  text: string;
  message: string | null;
}

async function answerOf(path: string): Promise<Answer> {
  const res = await e.get(path);
  const text = await res.text();
  let message: string | null = null;
  if (res.status >= 400 && text !== '') {
    // envelopes are well-formed
    const body = JSON.parse(text);
    expect(Object.keys(body.error)).toEqual(['code', 'message', 'target', 'details', 'innererror']);
    expect(body.error.code).toBe(String(res.status));
    message = body.error.message;
  }
  return { status: res.status, text, message };
}

async function statusOf(path: string): Promise<number> {
  return (await answerOf(path)).status;
}

// The documented 400 texts (spec 001 § Query options, § Errors; completions in docs/reference/odata.md).
const SYNTAX = /^Syntax error at position \d+ in '[\s\S]*'\.$/;
const UNTERMINATED = /^There is an unterminated string literal at position \d+ in '[\s\S]*'\.$/;
const PARENS = /^Invalid query options: parse error\. Mismatched parenthesis\.$/;
const TYPES = /^A binary operator with incompatible types was detected\. Found operand types '[\w.]+' and '[\w.]+' for operator kind '\w+'\.$/;
const UNKNOWN = /^Could not find a property named '[\s\S]*' on type 'Priority\.OData\.[A-Z0-9_]+'\.$/;
const NAVIGATION = /^The navigation property '[A-Z0-9_]+' cannot be used (as an operand in \$filter|in \$orderby|in \$select)/;
const TOP_SKIP = /^Invalid value '[\s\S]*' for \$(top|skip) query option found\. The \$(top|skip) query option requires a non-negative integer value\.$/;
const NOT_NAV = /^Property '[\s\S]*' on type 'Priority\.OData\.[A-Z0-9_]+' is not a navigation property or complex property\. Only navigation properties can be expanded\.$/;
const NESTED_EXPAND = /^Nested \$expand is not supported/;
const FUNCTION = /^Function "([^"]+)" is not supported$/;

const FILTER_400 = [SYNTAX, UNTERMINATED, PARENS, TYPES, UNKNOWN, NAVIGATION];
const ORDERBY_400 = [SYNTAX, UNKNOWN, NAVIGATION];
const EXPAND_400 = [...FILTER_400, TOP_SKIP, NOT_NAV, NESTED_EXPAND];

function expectDocumented(a: Answer, allowed400: RegExp[], input: string): void {
  if (a.status === 400) expect(allowed400.some((r) => r.test(a.message ?? '')), `${input} -> ${a.message}`).toBe(true);
  if (a.status === 501) {
    const m = FUNCTION.exec(a.message ?? '');
    expect(m, `${input} -> ${a.message}`).not.toBeNull();
    expect(input).toContain(m![1]); // names a function the client wrote
  }
  if (a.status === 200) expect(Array.isArray(JSON.parse(a.text).value)).toBe(true);
}

const RUNS = 150;

describe('fuzzing the read grammars (never a 500)', () => {
  it('$filter: 200, 400 or 501', async () => {
    await fc.assert(
      fc.asyncProperty(input(FILTER_TOKENS), async (f) => {
        const a = await answerOf(`/CUSTOMERS?$filter=${encodeURIComponent(f)}&$top=3`);
        expect([200, 400, 501]).toContain(a.status);
        expectDocumented(a, FILTER_400, f);
      }),
      { numRuns: RUNS },
    );
    expect(e.sim.engine.stats.unhandledErrors).toBe(0);
  });

  it('$orderby: 200 or 400', async () => {
    await fc.assert(
      fc.asyncProperty(input(ORDER_TOKENS), async (o) => {
        const a = await answerOf(`/CUSTOMERS?$orderby=${encodeURIComponent(o)}&$top=3`);
        expect([200, 400]).toContain(a.status);
        expectDocumented(a, ORDERBY_400, o);
      }),
      { numRuns: RUNS },
    );
    expect(e.sim.engine.stats.unhandledErrors).toBe(0);
  });

  it('$expand (with nested options): 200, 400 or 501', async () => {
    await fc.assert(
      fc.asyncProperty(input(EXPAND_TOKENS), async (x) => {
        const a = await answerOf(`/CUSTOMERS?$expand=${encodeURIComponent(x)}&$top=2`);
        expect([200, 400, 501]).toContain(a.status);
        expectDocumented(a, EXPAND_400, x);
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
        const a = await answerOf(path);
        expect([200, 404]).toContain(a.status);
        // the bare-404 family has an empty body; a well-formed key with no row has the envelope
        if (a.status === 404 && a.text !== '') expect(a.message).toBe('The specified entity was not found');
      }),
      { numRuns: RUNS },
    );
    expect(e.sim.engine.stats.unhandledErrors).toBe(0);
  });

  it('well-formed keys (any text, apostrophes doubled, composite parts in any order): the row, or the envelope 404, never the bare one', async () => {
    const text = fc.oneof(fc.constantFrom('QT01', "O'Brien", 'QTI1', "''", ' ', '%', '(', ')', ',', '/'), fc.string({ maxLength: 12 }));
    const quoted = (v: string) => encodeURIComponent(`'${v.replace(/'/g, "''")}'`);
    await fc.assert(
      fc.asyncProperty(text, fc.constantFrom(0, 1, 2, 3, 4, 5), async (v, order) => {
        const single = await answerOf(`/CUSTOMERS(${quoted(v)})?$select=CUSTNAME`);
        if (single.status === 200) expect(JSON.parse(single.text).CUSTNAME).toBe(v);
        else expect([single.status, single.message]).toEqual([404, 'The specified entity was not found']);
        const named = await answerOf(`/CUSTOMERS(CUSTNAME=${quoted(v)})?$select=CUSTNAME`);
        expect(named.status).toBe(single.status);
        const parts = [`IVNUM=${quoted(v)}`, `DEBIT=${quoted('D')}`, `IVTYPE=${quoted('A')}`];
        const perms = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]][order]!;
        const inv = await answerOf(`/AINVOICES(${perms.map((i) => parts[i]).join(',')})?$select=IVNUM`);
        if (inv.status === 200) expect(JSON.parse(inv.text).IVNUM).toBe(v);
        else expect([inv.status, inv.message]).toEqual([404, 'The specified entity was not found']);
      }),
      { numRuns: RUNS },
    );
    // the fixture rows are reachable this way
    expect((await answerOf(`/CUSTOMERS(${quoted('QT01')})`)).status).toBe(200);
    expect((await answerOf(`/AINVOICES(DEBIT='D',IVNUM=${quoted('QTI1')},IVTYPE='A')`)).status).toBe(200);
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
