/**
 * Property-based fuzzing of write bodies and $batch documents (spec 001 § Write rules 1-2, 5-6,
 * § $batch rules 2-3, § Errors): every input gets a documented answer, never a 500.
 *   writes: 200/201, 400 (OData envelope or InterfaceErrors document), 409 (key taken)
 *   $batch: 200 with one response per request in order, or a whole-call 400 with a spec text
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { AINVOICEITEMS_SUBFORM, AINVOICES, CUSTOMERS, CUSTPERSONNEL_SUBFORM, type FormDef } from '../../../src/engine/products/odata/forms/index.ts';
import { invoicePath, odataEnv, type ODataClient } from './helpers.ts';

let o: ODataClient;
let draftPath: string;
beforeAll(async () => {
  o = await odataEnv();
  const r = await o.call('POST', '/AINVOICES', { CUSTNAME: 'C1001', AINVOICEITEMS_SUBFORM: [{ PARTNAME: 'PUMP-100' }] });
  draftPath = invoicePath(r.body.IVNUM);
});

const RUNS = 120;

const NAMES = ['CUSTNAME', 'CUSTDES', 'STATDES', 'EMPNUM', 'MAX_CREDIT', 'CREATEDDATE', 'CUST', 'REFERENCE', 'PARTNAME', 'TQUANT', 'PRICE', 'KLINE', 'NAME', 'custdes', '@odata.type', 'CUSTPERSONNEL_SUBFORM', 'AINVOICEITEMS_SUBFORM', 'NOPE'];
const scalar = fc.oneof(
  fc.constantFrom<unknown>(null, '', 'Active', 'Potential', 'C1001', 'PUMP-100', '2026-01-01', '2026-01-01T10:00:00Z', 'x'.repeat(90), '😀'),
  fc.string({ maxLength: 10 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
);
const row = fc.dictionary(fc.constantFrom(...NAMES), fc.oneof({ weight: 5, arbitrary: scalar }, { weight: 1, arbitrary: fc.array(fc.dictionary(fc.constantFrom(...NAMES), scalar), { maxLength: 3 }) }), { maxKeys: 5 });
// Mostly well-typed bodies, so that the form rules (not only the type checks) are reached.
const typed = fc.record(
  {
    CUSTNAME: fc.oneof(fc.constantFrom('', 'C1001', 'FZ1', 'fz 2'), fc.string({ maxLength: 20 })),
    CUSTDES: fc.string({ maxLength: 60 }),
    STATDES: fc.constantFrom<string | null>('Active', 'Potential', 'Gold', '', null),
    PHONE: fc.string({ maxLength: 24 }),
    EMPNUM: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })),
    MAX_CREDIT: fc.double({ noNaN: true, noDefaultInfinity: true }),
    REFERENCE: fc.constantFrom<string | null>('', null, 'PO-1'),
    PARTNAME: fc.constantFrom('PUMP-100', 'GREASE-HT', 'NOPART', ''),
    TQUANT: fc.oneof(fc.integer({ min: -5, max: 5 }), fc.constantFrom(0.5, 1.5)),
    PRICE: fc.double({ min: -1000, max: 1000, noNaN: true }),
    NAME: fc.string({ maxLength: 40 }),
    AINVOICEITEMS_SUBFORM: fc.array(fc.record({ PARTNAME: fc.constantFrom('PUMP-100', 'GREASE-HT', ''), TQUANT: fc.integer({ min: -3, max: 3 }), PRICE: fc.integer({ min: 0, max: 500 }) }, { requiredKeys: [] }), { maxLength: 3 }),
    CUSTPERSONNEL_SUBFORM: fc.array(fc.record({ NAME: fc.string({ maxLength: 8 }), EMAIL: fc.string({ maxLength: 8 }) }, { requiredKeys: [] }), { maxLength: 3 }),
  },
  { requiredKeys: [] },
);
/** Keep only the properties and subforms the addressed form has, so the form logic is reached. */
const onlyFor = (form: FormDef) => (r: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(r).filter(([k]) => form.byName.has(k) || form.subforms.includes(k)));
const body = (form: FormDef) => fc.oneof(
  { weight: 6, arbitrary: typed.map(onlyFor(form)).map((r) => JSON.stringify(r)) },
  { weight: 3, arbitrary: row.map((r) => JSON.stringify(r)) },
  { weight: 1, arbitrary: fc.json() },
  { weight: 1, arbitrary: fc.string({ maxLength: 16 }) },
);

function expectDocumentedWrite(status: number, text: string, input: string): void {
  expect([200, 201, 400, 409], `${input} -> ${status} ${text}`).toContain(status);
  if (status === 400 || status === 409) {
    const doc = JSON.parse(text);
    if ('error' in doc) expect(Object.keys(doc.error)).toEqual(['code', 'message', 'target', 'details', 'innererror']);
    else {
      expect(Object.keys(doc)).toEqual(['?xml', 'FORM']);
      expect(doc.FORM.InterfaceErrors.text).toMatch(/^Line \d+- /);
    }
  }
}

describe('fuzzing write bodies (never a 500)', () => {
  it('POST and PATCH on customers, invoices, lines and contacts', async () => {
    const targets: [string, string, FormDef][] = [
      ['POST', '/CUSTOMERS', CUSTOMERS],
      ['PATCH', "/CUSTOMERS('C1002')", CUSTOMERS],
      ['POST', "/CUSTOMERS('C1003')/CUSTPERSONNEL_SUBFORM", CUSTPERSONNEL_SUBFORM],
      ['POST', '/AINVOICES', AINVOICES],
      ['PATCH', '__draft__', AINVOICES],
      ['POST', '__draft__/AINVOICEITEMS_SUBFORM', AINVOICEITEMS_SUBFORM],
      ['PATCH', '__draft__/AINVOICEITEMS_SUBFORM(1)', AINVOICEITEMS_SUBFORM],
    ];
    const call = fc.constantFrom(...targets).chain(([method, path, form]) => body(form).map((text) => [method, path, text] as const));
    await fc.assert(
      fc.asyncProperty(call, async ([method, path, text]) => {
        const r = await o.call(method, path.replace('__draft__', draftPath), text, { 'content-type': 'application/json' });
        expectDocumentedWrite(r.status, r.text, `${method} ${path} ${text}`);
      }),
      { numRuns: RUNS },
    );
    expect(o.sim.engine.stats.unhandledErrors).toBe(0);
  });
});

describe('fuzzing $batch documents (never a 500)', () => {
  const WHOLE_CALL = [
    'request body is empty',
    'Batch commands are limited to 100 operations in one batch call.',
  ];
  const item = fc.record(
    {
      id: fc.oneof(fc.string({ maxLength: 3 }), fc.integer(), fc.constant(null)),
      method: fc.oneof(fc.constantFrom('GET', 'get', 'POST', 'PATCH', 'PUT', 'DELETE', 'HEAD', 'OPTIONS', 'MERGE', ''), fc.integer()),
      url: fc.oneof(
        fc.constantFrom('CUSTOMERS', '/CUSTOMERS/$count', "CUSTOMERS('C1001')", '$metadata', '/', '$batch', '$1', 'GetLoginName()', '../x', 'http://elsewhere/x', 'customers', "AINVOICES(IVNUM='T1')", 'CUSTOMERS?$top=-1', ''),
        fc.string({ maxLength: 12 }),
      ),
      body: fc.oneof(row, scalar),
      dependsOn: fc.array(fc.constantFrom('1', 'a'), { maxLength: 2 }),
    },
    { requiredKeys: ['method', 'url'] },
  );
  const loose = fc.dictionary(fc.constantFrom('id', 'method', 'url', 'body'), scalar, { maxKeys: 3 });
  it('responses in order, one per request; whole-call refusals carry a spec text', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof({ weight: 8, arbitrary: fc.array(fc.oneof({ weight: 6, arbitrary: item }, { weight: 1, arbitrary: loose }), { maxLength: 6 }).map((requests) => JSON.stringify({ requests })) }, { weight: 1, arbitrary: fc.json() }), async (text) => {
        const r = await o.call('POST', '/$batch', text, { 'content-type': 'application/json' });
        expect([200, 400], `${text} -> ${r.status}`).toContain(r.status);
        if (r.status === 400) {
          const m = r.body.error.message as string;
          expect(WHOLE_CALL.includes(m) || /^Request Id reference \[.*\] in Uri \[.*\] is not found in effective depends-on-Ids \[.*\] of the request\.$/s.test(m), m).toBe(true);
          return;
        }
        const sent = (JSON.parse(text) as { requests: { id?: unknown }[] }).requests;
        expect(r.body.responses).toHaveLength(sent.length);
        r.body.responses.forEach((res: { id: unknown; status: number }, i: number) => {
          const s = sent[i]!;
          expect(res.id).toEqual(s !== null && typeof s === 'object' && 'id' in s ? s.id : '');
          expect(res.status).not.toBe(500);
        });
      }),
      { numRuns: RUNS },
    );
    expect(o.sim.engine.stats.unhandledErrors).toBe(0);
  });
});
