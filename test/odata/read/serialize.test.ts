/** Serialization (spec 001 § What the service does 5; Money: decimals emitted exactly from decimal strings). */
import { describe, expect, it } from 'vitest';
import { CUSTOMERS, decimalText, rowJsonText } from '../../../src/engine/products/odata/forms/index.ts';
import { writeFixture } from '../fixture.ts';
import { odataEnv } from '../helpers.ts';

describe('row serialization', () => {
  it('decimal strings become exact JSON number text', () => {
    const cases: [string | number, string][] = [
      ['12.50', '12.5'], ['0012.50', '12.5'], ['-0.00', '0'], ['0', '0'], ['10', '10'], ['-2.30', '-2.3'],
      ['99999999999999.99', '99999999999999.99'], ['0.000001', '0.000001'], [7, '7'], [1.25, '1.25'],
    ];
    for (const [v, text] of cases) expect(decimalText(v), String(v)).toBe(text);
  });

  it('rowJsonText: every property in metadata order, null where empty, decimals as numbers, bookkeeping left out', () => {
    const row = { CUSTNAME: 'A"\\b', MAX_CREDIT: '1000.50', EMPNUM: 12, CREATEDDATE: '2025-01-01T00:00:00Z', _changedAt: 'x' };
    const parsed = JSON.parse(rowJsonText(CUSTOMERS, row)) as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual(CUSTOMERS.properties.map((p) => p.name));
    expect(parsed).toMatchObject({ CUSTNAME: 'A"\\b', MAX_CREDIT: 1000.5, EMPNUM: 12, CREATEDDATE: '2025-01-01T00:00:00Z', CUSTDES: null });
    expect(parsed).not.toHaveProperty('_changedAt');
  });

  it('write responses serialize like reads: a stored 16-digit decimal comes back exact in a PATCH answer', async () => {
    const e = await odataEnv();
    await writeFixture(e); // QT04 stores MAX_CREDIT '99999999999999.99', beyond a double's exact digits
    const patched = await e.req('PATCH', "/CUSTOMERS('QT04')", { body: '{"CUSTDES": "Renamed"}', headers: { 'content-type': 'application/json' } });
    expect(patched.status).toBe(200);
    const text = await patched.text();
    expect(text).toContain('"MAX_CREDIT":99999999999999.99');
    expect(text).toContain('"CUSTDES":"Renamed"');
  });

  it('reads emit 16-digit decimals without float rounding', async () => {
    const e = await odataEnv();
    await writeFixture(e);
    const text = await (await e.get("/CUSTOMERS('QT04')?$select=MAX_CREDIT")).text();
    expect(text).toContain('"MAX_CREDIT":99999999999999.99');
    const list = await (await e.get("/CUSTOMERS?$filter=CUSTNAME%20eq%20'QT04'")).text();
    expect(list).toContain('"MAX_CREDIT":99999999999999.99');
  });
});
