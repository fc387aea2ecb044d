// Property-based fuzzing of receipt bodies and query strings (issue 9 § Bad input; spec 000 § Standard
// receipt table, Receipt rules 1-3, Common query parameters): every answer is a success or a 4xx whose
// o:errorCode is in the product's error catalog; never a 500, and a refused write changes nothing.
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { receivablesCatalog } from '../../../src/engine/products/receivables/catalog.ts';
import type { Api } from '../invoices/helpers.ts';
import { openApi, RECEIPTS } from './helpers.ts';

let api: Api;
beforeAll(async () => {
  api = await openApi();
});

const CATALOG_CODES = new Set(receivablesCatalog().errors.map((e) => e.code));

const value = fc.oneof(
  fc.constantFrom(null, true, 0, -1, 1.5, 12.3456, 1.23456, 1e11, 1e300, '', ' ', '2026-03-14', '2026-02-30', '10010', '10020', 'USD', 'JPY', 'DEM', 'Check', 'Lockbox Check', 'US1 Business Unit', 'Blue Harbor Logistics', 'x'.repeat(400)),
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.array(fc.anything(), { maxLength: 2 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
);
const names = fc.constantFrom(
  'ReceiptNumber', 'ReceiptMethod', 'BusinessUnit', 'Amount', 'Currency', 'ReceiptDate', 'AccountingDate', 'CustomerAccountNumber', 'CustomerName', 'CustomerSite',
  'CustomerBankAccountNumber', 'State', 'Status', 'UnappliedAmount', 'StructuredPaymentReference', 'Comments', 'ConversionRate', 'RemittanceBankAccountNumber',
  'RemittanceBankName', 'CreditCardAuthorizationRequestIdentifier', 'standardReceiptDFF', 'InstallmentId', 'paymentId', 'Nope', 'remittanceReferences',
);
const reference = fc.dictionary(fc.constantFrom('ReceiptMatchBy', 'ReferenceNumber', 'ReferenceAmount', 'CustomerReason', 'RemittanceReferenceId', 'Nope'), value, { maxKeys: 4 });
const base = { ReceiptMethod: 'Check', BusinessUnit: 'US1 Business Unit', Amount: 10, Currency: 'USD', ReceiptDate: '2026-03-14', CustomerAccountNumber: '10010' };
const body = fc.oneof(
  fc.tuple(fc.dictionary(names, value, { maxKeys: 4 }), fc.option(fc.array(reference, { maxLength: 2 }))).map(([over, refs]) => ({ ...base, ...over, ...(refs ? { remittanceReferences: refs } : {}) })),
  fc.dictionary(names, value, { maxKeys: 6 }),
  fc.anything(),
);

function assertDocumented(status: number, parsed: Record<string, unknown> | null, what: string): void {
  expect(status, what).toBeLessThan(500);
  if (status >= 400) expect(CATALOG_CODES.has(String(parsed?.['o:errorCode'])), `${what}: ${JSON.stringify(parsed)}`).toBe(true);
}

it('random receipt bodies get 201/200 or a catalogued 400, never a 500; refused ones store nothing', async () => {
  const data = await api.sim.engine.store.data(api.key);
  await fc.assert(
    fc.asyncProperty(body, fc.boolean(), async (b, upsert) => {
      const before = data.count('standardReceipt');
      const text = JSON.stringify(b) ?? ''; // undefined sends an empty body (REST-01007)
      const res = await api.call('POST', RECEIPTS, text, upsert ? { 'Upsert-Mode': 'true' } : {});
      assertDocumented(res.status, res.body, text.slice(0, 200));
      if (res.status >= 400) expect(data.count('standardReceipt')).toBe(before);
    }),
    { numRuns: 300 },
  );
  expect(api.sim.engine.stats.unhandledErrors).toBe(0);
});

it('random PATCH bodies and reference bodies get 200/201 or a catalogued 400', async () => {
  const id = (await api.call('POST', RECEIPTS, { ...base, ReceiptNumber: 'FUZZ-PATCH', CustomerAccountNumber: undefined })).body.StandardReceiptId;
  await fc.assert(
    fc.asyncProperty(fc.oneof(fc.dictionary(names, value, { maxKeys: 3 }), fc.anything()), reference, async (patch, ref) => {
      const p = await api.call('PATCH', `${RECEIPTS}/${id}`, JSON.stringify(patch) ?? '');
      assertDocumented(p.status, p.body, JSON.stringify(patch) ?? 'undefined');
      const r = await api.call('POST', `${RECEIPTS}/${id}/child/remittanceReferences`, JSON.stringify(ref));
      assertDocumented(r.status, r.body, JSON.stringify(ref));
    }),
    { numRuns: 200 },
  );
  expect(api.sim.engine.stats.unhandledErrors).toBe(0);
});

it('random q, finder, orderBy, fields and expand on receipts answer 200 or a catalogued 400', async () => {
  const clause = fc.oneof(
    fc.constantFrom("ReceiptNumber='RCPT-10001'", "CustomerName='Blue Harbor Logistics'", "CustomerSite LIKE 'Acme%'", "BusinessUnit='US1 Business Unit'", "ReceiptDate>'2026-01-01'", 'StandardReceiptId>0', "CustomerAccountNumber IN ('10010','10020')"),
    fc.constantFrom('State=1', "Amount>'x'", 'LastUpdateDate>1', '(', "'", 'A IS NULL', 'x=', ' OR ', ';;'),
  );
  const q = fc.tuple(fc.array(clause, { minLength: 1, maxLength: 3 }), fc.constantFrom(';', ' AND ', ' OR ', ',')).map(([cs, sep]) => cs.join(sep));
  const params = fc.record(
    {
      q,
      finder: fc.constantFrom('StandardReceiptsFinder;ReceiptNumber=RCPT-10001', 'StandardReceiptsFinder;CustomerName=x', 'StandardReceiptsFinder;ReceiptDate=bad', 'PrimaryKey;StandardReceiptId=1', 'Nope'),
      orderBy: fc.constantFrom('ReceiptDate:desc', 'Amount:asc', 'Nope:asc', 'ReceiptNumber:sideways', 'StandardReceiptId'),
      fields: fc.constantFrom('ReceiptNumber,Amount', 'Nope', 'remittanceReferences'),
      expand: fc.constantFrom('remittanceReferences', 'all', 'receiptApplications'),
      limit: fc.constantFrom('0', '-5', '501', 'x', '3'),
    },
    { requiredKeys: [] },
  );
  await fc.assert(
    fc.asyncProperty(params, async (p) => {
      const qs = new URLSearchParams(p as Record<string, string>).toString();
      const res = await api.call('GET', `${RECEIPTS}?${qs}`);
      assertDocumented(res.status, res.body, qs);
      if (res.status === 200) expect(Array.isArray(res.body.items)).toBe(true);
    }),
    { numRuns: 300 },
  );
  expect(api.sim.engine.stats.unhandledErrors).toBe(0);
});
