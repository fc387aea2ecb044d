import { beforeAll, describe, expect, it } from 'vitest';
import { getJson, q, QT, writeFixture } from '../fixture.ts';
import { odataEnv, type ODataEnv } from '../helpers.ts';

let e: ODataEnv;
beforeAll(async () => {
  e = await odataEnv();
  await writeFixture(e);
});

const names = async (filter: string, extra = '') =>
  (await getJson(e, `/CUSTOMERS?$filter=${q(`(${QT}) and (${filter})`)}&$select=CUSTNAME${extra}`)).value.map((r: { CUSTNAME: string }) => r.CUSTNAME);

async function refusal(filter: string) {
  const res = await e.get(`/CUSTOMERS?$filter=${q(filter)}`);
  return { status: res.status, body: await res.json() };
}

describe('$filter operators (spec 001 § Query options $filter)', () => {
  it('eq ne gt ge lt le on strings', async () => {
    expect(await names("STATDES eq 'Active'")).toEqual(['QT01', 'QT03', 'QT04']);
    expect(await names("STATDES ne 'Active'")).toEqual(['QT02', 'QT05']);
    expect(await names("CUSTNAME gt 'QT03'")).toEqual(['QT04', 'QT05']);
    expect(await names("CUSTNAME ge 'QT03'")).toEqual(['QT03', 'QT04', 'QT05']);
    expect(await names("CUSTNAME lt 'QT02'")).toEqual(['QT01']);
    expect(await names("CUSTNAME le 'QT02'")).toEqual(['QT01', 'QT02']);
  });

  it('decimals and integers compare as numbers, exactly', async () => {
    expect(await names('MAX_CREDIT gt 999.99')).toEqual(['QT01', 'QT04']);
    expect(await names('MAX_CREDIT eq 1000.5')).toEqual(['QT01']);
    expect(await names('MAX_CREDIT gt 99999999999999.98')).toEqual(['QT04']);
    expect(await names('EMPNUM ge 12')).toEqual(['QT01', 'QT04']);
  });

  it('and binds tighter than or; parentheses group', async () => {
    expect(await names("CUSTNAME eq 'QT01' or CUSTNAME eq 'QT02' and STATDES eq 'Active'")).toEqual(['QT01']);
    expect(await names("(CUSTNAME eq 'QT01' or CUSTNAME eq 'QT02') and STATDES eq 'Potential'")).toEqual(['QT02']);
  });

  it('strings are single-quoted with doubled apostrophes; the empty string is distinct from null', async () => {
    expect(await names("CUSTDES eq 'O''Brien Tools'")).toEqual(['QT01']);
    expect(await names("CUSTDES eq ''")).toEqual(['QT05']);
  });

  it('dates are bare ISO-8601; null is bare', async () => {
    expect(await names('CREATEDDATE eq 2025-01-10')).toEqual(['QT01', 'QT05']);
    expect(await names('CREATEDDATE lt 2025-01-01T00:00:00Z')).toEqual(['QT03']);
    expect(await names('CREATEDDATE ge 2025-01-10T00:00:00+02:00')).toEqual(['QT01', 'QT02', 'QT05']);
    expect(await names('CREATEDDATE eq null')).toEqual(['QT04']);
    expect(await names('MAX_CREDIT ne null')).toEqual(['QT01', 'QT02', 'QT04', 'QT05']);
  });

  it('the right operand may be another property; a literal may be on the left', async () => {
    expect(await names('MAX_CREDIT gt MAX_OBLIGO')).toEqual(['QT01', 'QT04']);
    expect(await names("'QT02' eq CUSTNAME")).toEqual(['QT02']);
  });

  it('operators, and/or, null are case-insensitive; property names and literals are case-sensitive', async () => {
    expect(await names("STATDES EQ 'Active' AND CUSTNAME Ne 'QT01' oR CUSTDES eq NULL")).toEqual(['QT03', 'QT04']);
    expect(await names("STATDES eq 'active'")).toEqual([]);
    const r = await refusal("statdes eq 'Active'");
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe("Could not find a property named 'statdes' on type 'Priority.OData.CUSTOMERS'.");
  });

  it("'not (...)' parses and matches nothing", async () => {
    expect(await names("not (STATDES eq 'Active')")).toEqual([]);
    expect(await names("not (STATDES eq 'Active') or CUSTNAME eq 'QT05'")).toEqual(['QT05']);
  });
});

describe('$filter refusals (spec 001 § Query options $filter, § Errors)', () => {
  it("a family mismatch gives 400 'A binary operator with incompatible types was detected...'", async () => {
    const cases: [string, string][] = [
      ['CUSTNAME eq 5', "Found operand types 'Edm.String' and 'Edm.Int32' for operator kind 'Equal'."],
      ["MAX_CREDIT gt '5'", "Found operand types 'Edm.Decimal' and 'Edm.String' for operator kind 'GreaterThan'."],
      ["CREATEDDATE le '2025-01-01'", "Found operand types 'Edm.DateTimeOffset' and 'Edm.String' for operator kind 'LessThanOrEqual'."],
      ['EMPNUM ne 2025-01-01', "Found operand types 'Edm.Int64' and 'Edm.Date' for operator kind 'NotEqual'."],
      ['CUSTNAME eq MAX_CREDIT', "Found operand types 'Edm.String' and 'Edm.Decimal' for operator kind 'Equal'."],
      ['CUSTNAME eq true', "Found operand types 'Edm.String' and 'Edm.Boolean' for operator kind 'Equal'."],
    ];
    for (const [f, tail] of cases) {
      const r = await refusal(f);
      expect(r.status, f).toBe(400);
      expect(r.body.error.message, f).toBe(`A binary operator with incompatible types was detected. ${tail}`);
      expect(Object.keys(r.body.error)).toEqual(['code', 'message', 'target', 'details', 'innererror']);
    }
  });

  it("functions give 501 'Function \"X\" is not supported'", async () => {
    for (const [f, name] of [["contains(CUSTNAME,'QT')", 'contains'], ["startswith(CUSTNAME,'QT') eq true", 'startswith'], ["tolower(CUSTNAME) eq 'qt01'", 'tolower'], ["STATDES eq 'Active' and endswith(CUSTNAME,'1')", 'endswith']]) {
      const r = await refusal(f as string);
      expect(r.status, f).toBe(501);
      expect(r.body.error.message).toBe(`Function "${name}" is not supported`);
    }
  });

  it("'in' gives a grammar 400", async () => {
    const f = "CUSTNAME in ('QT01','QT02')";
    const r = await refusal(f);
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe(`Syntax error at position 11 in '${f}'.`);
  });

  it('a navigation operand gives 400', async () => {
    for (const f of ["CUSTPERSONNEL_SUBFORM/NAME eq 'Ann Lee'", 'CUSTPERSONNEL_SUBFORM eq null']) {
      const r = await refusal(f);
      expect(r.status, f).toBe(400);
      expect(r.body.error.message).toContain("'CUSTPERSONNEL_SUBFORM'");
    }
  });

  it("mismatched parenthesis gives 400 'Invalid query options: parse error. Mismatched parenthesis.'", async () => {
    for (const f of ["(CUSTNAME eq 'A'", "CUSTNAME eq 'A')", "((CUSTNAME eq 'A')", "contains(CUSTNAME,'x'"]) {
      const r = await refusal(f);
      expect(r.status, f).toBe(400);
      expect(r.body.error.message).toBe('Invalid query options: parse error. Mismatched parenthesis.');
    }
  });

  it('an unknown property gives 400 naming it', async () => {
    const r = await refusal("NOSUCH eq 'x'");
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe("Could not find a property named 'NOSUCH' on type 'Priority.OData.CUSTOMERS'.");
    expect(r.body.error.target).toBe('NOSUCH');
  });

  it('syntax errors and unterminated literals give 400 with a position', async () => {
    const cases: [string, string][] = [
      ["CUSTNAME eq 'x' and", "Syntax error at position 19 in 'CUSTNAME eq 'x' and'."],
      ["CUSTNAME 'x'", "Syntax error at position 12 in 'CUSTNAME 'x''."],
      ["CUSTNAME eq 'x", "There is an unterminated string literal at position 12 in 'CUSTNAME eq 'x'."],
      ['CUSTNAME eq #', "Syntax error at position 13 in 'CUSTNAME eq #'."],
    ];
    for (const [f, msg] of cases) {
      const r = await refusal(f);
      expect(r.status, f).toBe(400);
      expect(r.body.error.message, f).toBe(msg);
    }
  });
});
