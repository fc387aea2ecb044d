// Issue 3 § 6 (isolation and bad input): no input yields a 500, and a failed write changes nothing.
// spec 000 § Resources, General; § Limits; § Errors.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBody, INVOICES, openApi, type Api } from './helpers.ts';

let api: Api;
beforeAll(async () => {
  api = await openApi();
});

const jsonValue = fc.oneof(
  fc.constant(null), fc.boolean(), fc.string({ maxLength: 400 }), fc.double(), fc.integer(),
  fc.constantFrom(1e308, -0, 0.00001, 1e-7, 123.45678, 9007199254740993, '2026-02-30', '', ' '),
  fc.array(fc.anything(), { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 8 }), fc.anything(), { maxKeys: 3 }),
);
const attr = fc.constantFrom('BusinessUnit', 'TransactionType', 'TransactionSource', 'BillToCustomerNumber', 'InvoiceCurrencyCode', 'TransactionDate', 'PaymentTerms',
  'InvoiceStatus', 'BillToSite', 'BillToContact', 'DeliveryMethod', 'Email', 'BillToCustomerName', 'receivablesInvoiceLines', 'DueDate', 'Zzz');
const lineAttr = fc.constantFrom('Quantity', 'UnitSellingPrice', 'LineNumber', 'Description', 'LineAmount');
const instAttr = fc.constantFrom('InstallmentSequenceNumber', 'InstallmentDueDate', 'OriginalAmount', 'InstallmentId');

describe('bad input never produces a 500', () => {
  it('create with mutated bodies answers 201 or 4xx; refused creates store nothing', async () => {
    const before = api.sim.engine.stats.unhandledErrors;
    await fc.assert(
      fc.asyncProperty(attr, jsonValue, lineAttr, jsonValue, async (a, v, la, lv) => {
        const body = createBody({ [a]: v });
        if (Array.isArray(body.receivablesInvoiceLines)) (body.receivablesInvoiceLines as Record<string, unknown>[])[0] = { Quantity: 1, UnitSellingPrice: 10, [la]: lv };
        const count = api.invoices().length;
        const res = await api.call('POST', INVOICES, body);
        expect(res.status === 201 || (res.status >= 400 && res.status < 500), `${res.status} ${JSON.stringify(body)}`).toBe(true);
        if (res.status !== 201) expect(api.invoices().length).toBe(count);
      }),
      { numRuns: 150, seed: 42 },
    );
    expect(api.sim.engine.stats.unhandledErrors).toBe(before);
  });

  it('PATCH, add-line and split with arbitrary values answer 2xx or 4xx', async () => {
    const before = api.sim.engine.stats.unhandledErrors;
    const target = api.invoices((r) => r.scenario === 'open')[1]!;
    const path = `${INVOICES}/${target.CustomerTransactionId}`;
    await fc.assert(
      fc.asyncProperty(attr, jsonValue, lineAttr, jsonValue, instAttr, jsonValue, async (a, v, la, lv, ia, iv) => {
        const r1 = await api.call('PATCH', path, { [a]: v });
        const r2 = await api.call('POST', `${path}/child/receivablesInvoiceLines`, { Quantity: 1, UnitSellingPrice: 1, [la]: lv });
        const r3 = await api.call('POST', `${path}/action/splitInstallments`, { installmentPayload: [{ InstallmentSequenceNumber: 1, [ia]: iv }] });
        for (const r of [r1, r2, r3]) expect(r.status).toBeLessThan(500);
      }),
      { numRuns: 80, seed: 7 },
    );
    for (const raw of ['', '{', 'null', '[]', '"x"', '{"installmentPayload": null}', '{"installmentPayload": [1, "a", null]}']) {
      expect((await api.call('POST', `${path}/action/splitInstallments`, raw)).status).toBe(400);
      expect((await api.call('PATCH', path, raw)).status).toBe(400);
      expect((await api.call('POST', `${path}/child/receivablesInvoiceLines`, raw)).status).toBe(400);
    }
    expect(api.sim.engine.stats.unhandledErrors).toBe(before);
  });

  it('odd paths and parameters answer 4xx (malformed escapes, huge ids, absurd limit/offset)', async () => {
    for (const p of ['/%ZZ', '/-1', '/1e5', '/9999999999999999999999', '/ 1', '/%20']) {
      const r = await api.call('GET', `${INVOICES}${p}`);
      expect(r.status, p).toBeGreaterThanOrEqual(400);
      expect(r.status, p).toBeLessThan(500);
    }
    const absurd = await api.call('GET', `${INVOICES}?limit=99999999999&offset=-5`);
    expect(absurd.status).toBe(200);
    expect(absurd.body.limit).toBe(500);
    expect(absurd.body.offset).toBe(0);
    const far = await api.call('GET', `${INVOICES}?offset=99999999999999999999`);
    expect(far.status).toBe(200);
    expect(far.body.items).toEqual([]);
  });
});
