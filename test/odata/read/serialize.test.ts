/** Serialization (spec 001 § What the service does 5; Money: decimals emitted exactly from decimal strings). */
import { describe, expect, it } from 'vitest';
import { CUSTOMERS, decimalText, rowJsonText, serializeRow } from '../../../src/engine/products/odata/forms/index.ts';
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

  it('rowJsonText has the same shape as JSON.stringify(serializeRow()) for ordinary values', () => {
    const row = { CUSTNAME: 'A"\\b', MAX_CREDIT: '1000.50', EMPNUM: 12, CREATEDDATE: '2025-01-01T00:00:00Z', _changedAt: 'x' };
    expect(JSON.parse(rowJsonText(CUSTOMERS, row))).toEqual(serializeRow(CUSTOMERS, row));
    expect(rowJsonText(CUSTOMERS, row)).toBe(JSON.stringify(serializeRow(CUSTOMERS, row)));
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
