// Query parameters named and valued like JavaScript's built-in object properties (`__proto__`,
// `constructor`, `toString`, `hasOwnProperty`, …) on every collection, item and child collection of
// every resource of both products: never a 5xx (issue 26 § What to reach: parameter values and
// names compared as data, never as object keys that can hit built-ins; § Tests, first bullet).
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountActivityResource, siteActivityResource } from '../../src/engine/products/receivables/activities/definitions.ts';
import { adjustmentResource } from '../../src/engine/products/receivables/adjustments/definitions.ts';
import { contactResource } from '../../src/engine/products/receivables/contacts/definitions.ts';
import { creditMemoResource } from '../../src/engine/products/receivables/creditmemos/definitions.ts';
import { invoiceResource } from '../../src/engine/products/receivables/invoices/definitions.ts';
import { receiptMethodResource } from '../../src/engine/products/receivables/receipt-methods/definitions.ts';
import { receiptResource } from '../../src/engine/products/receivables/receipts/definitions.ts';
import type { ResourceDef } from '../../src/engine/products/receivables/rest/types.ts';
import { siteLovResource } from '../../src/engine/products/receivables/sites/definitions.ts';
import { ENTITY_SETS, subformsOf } from '../../src/engine/products/odata/forms/registry.ts';
import { keyPredicate } from '../../src/engine/products/odata/query/keys.ts';
import { odataEnv, type ODataEnv } from '../odata/helpers.ts';
import { CRM, REST, receivablesEnv, type ReceivablesEnv } from '../receivables/framework/support.ts';

/** Every own property name of the objects a parser might index by accident. */
const BUILTIN_NAMES: readonly string[] = [
  ...new Set([
    '__proto__', 'prototype', 'constructor',
    ...[Object.prototype, Array.prototype, String.prototype, Function.prototype, Number.prototype, Map.prototype].flatMap((o) => Object.getOwnPropertyNames(o)),
  ]),
];

const ROOTS: readonly ResourceDef[] = [
  invoiceResource, receiptResource, contactResource, creditMemoResource, adjustmentResource,
  receiptMethodResource, siteLovResource, accountActivityResource, siteActivityResource,
];

let r: ReceivablesEnv;
let o: ODataEnv;
/** Collection, item and child-collection paths of every resource (keys of real rows). */
let restPaths: string[] = [];
let odataPaths: string[] = [];

beforeAll(async () => {
  r = await receivablesEnv();
  o = await odataEnv(r.sim);
  for (const def of ROOTS) {
    const collection = `${def.api === 'crm' ? CRM : REST}/${def.name}`;
    restPaths.push(collection, `${collection}/describe`);
    const { body } = await r.json(`${collection}?limit=1&onlyData=true`);
    const row = body.items?.[0];
    if (!row) continue;
    const item = `${collection}/${encodeURIComponent(String(row[def.pathKey ?? def.key]))}`;
    restPaths.push(item);
    for (const accessor of Object.keys(def.children)) restPaths.push(`${item}/child/${accessor}`);
  }
  for (const form of ENTITY_SETS) {
    odataPaths.push(`/${form.name}`, `/${form.name}/$count`);
    const res = await o.get(`/${form.name}?$top=1`);
    const row = ((await res.json()) as { value: Record<string, unknown>[] }).value[0];
    if (!row) continue;
    const item = `/${form.name}${keyPredicate(form, row)}`;
    odataPaths.push(item);
    for (const sub of subformsOf(form)) odataPaths.push(`${item}/${sub.name}`);
  }
  restPaths = [...new Set(restPaths)];
  odataPaths = [...new Set(odataPaths)];
}, 60_000);

const builtin = fc.constantFrom(...BUILTIN_NAMES);
/** A value made of built-in names, alone or inside each parameter's own grammar. */
const restValue = fc.oneof(
  builtin,
  builtin.map((n) => `${n}:desc`),
  builtin.map((n) => `${n}=1`),
  builtin.map((n) => `${n}='x';${n}>1`),
  fc.tuple(builtin, builtin).map(([a, b]) => `${a};${b}=1`),
  fc.tuple(builtin, builtin).map(([a, b]) => `${a},${b}`),
  builtin.map((n) => `PrimaryKey;${n}=1`),
  fc.constantFrom('abc', '84059', '-1', 'true', 'false', 'all', ''),
);
const REST_PARAMS = ['q', 'fields', 'limit', 'offset', 'orderBy', 'totalResults', 'onlyData', 'links', 'expand', 'finder'];
const restQuery = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...REST_PARAMS), builtin), restValue), { minLength: 1, maxLength: 4 });

const odataValue = fc.oneof(
  builtin,
  builtin.map((n) => `${n} eq 'x'`),
  builtin.map((n) => `${n} desc`),
  builtin.map((n) => `${n}($select=${n})`),
  fc.tuple(builtin, builtin).map(([a, b]) => `${a},${b}`),
  builtin.map((n) => `startswith(${n},'a')`),
  fc.constantFrom('1', '-1', 'abc', ''),
);
const ODATA_PARAMS = ['$filter', '$select', '$expand', '$orderby', '$top', '$skip', '$since', '$count', '$format'];
const odataQuery = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...ODATA_PARAMS), builtin, builtin.map((n) => `$${n}`)), odataValue), { minLength: 1, maxLength: 4 });

/** Spec 001 § Query options: a $filter function is answered 501 'Function "X" is not supported'. */
const documented501 = (status: number, text: string) => status === 501 && /^Function "[^"]*" is not supported$/.test((JSON.parse(text) as { error: { message: string } }).error.message);

const queryText = (pairs: [string, string][]) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');

describe('built-in property names as query parameters (issue 26 § Tests)', () => {
  it('the two queries the fuzzer found answer without a 5xx', async () => {
    // issue 26 § Why: both answered 500 SIM-5000.
    const a = await r.call(`${REST}/receivablesCustomerAccountActivities?limit=abc&onlyData=false&expand=toString`);
    const b = await r.call(`${REST}/standardReceipts?expand=hasOwnProperty&orderBy=RemittanceBankDepositDate:DESC&limit=84059`);
    expect([a.status, b.status]).toEqual([400, 400]);
    expect(((await a.json()) as { detail: string }).detail).toContain('toString is not a child of receivablesCustomerAccountActivities');
  });

  it('a child accessor named like a built-in is no child: 404', async () => {
    // spec 000 § Errors, Other behaviours: an unknown path is 404 in the framework's style.
    for (const name of ['toString', '__proto__', 'constructor', 'hasOwnProperty']) {
      const res = await r.call(`${REST}/receivablesInvoices/300000000001351/child/${name}`);
      expect(res.status, name).toBe(404);
    }
  });

  it('receivables: every collection, item and child collection answers below 500', async () => {
    expect(restPaths.length).toBeGreaterThan(30); // nine resources, their items and every child
    const before = r.sim.engine.stats.unhandledErrors;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...restPaths), restQuery, async (path, pairs) => {
        const url = `${path}?${queryText(pairs)}`;
        const res = await r.call(url);
        expect(res.status, `${res.status} ${url} ${res.status >= 500 ? await res.text() : ''}`).toBeLessThan(500);
      }),
      { numRuns: 1500, seed: 26 },
    );
    expect(r.sim.engine.stats.unhandledErrors).toBe(before);
  }, 120_000);

  it('receivables: every name of Object.prototype as every parameter, on every path', async () => {
    const before = r.sim.engine.stats.unhandledErrors;
    for (const path of restPaths) {
      for (const name of ['__proto__', ...Object.getOwnPropertyNames(Object.prototype)]) {
        for (const query of [`${name}=1`, ...REST_PARAMS.map((p) => `${p}=${encodeURIComponent(name)}`)]) {
          const res = await r.call(`${path}?${query}`);
          expect(res.status, `${path}?${query}`).toBeLessThan(500);
        }
      }
    }
    expect(r.sim.engine.stats.unhandledErrors).toBe(before);
  }, 300_000);

  it('OData: every entity set, item, subform collection and $count answers below 500', async () => {
    expect(odataPaths.length).toBeGreaterThan(15);
    const before = o.sim.engine.stats.unhandledErrors;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...odataPaths), odataQuery, async (path, pairs) => {
        const url = `${path}?${queryText(pairs)}`;
        const res = await o.get(url);
        if (res.status >= 500) expect(documented501(res.status, await res.text()), `${res.status} ${url}`).toBe(true);
      }),
      { numRuns: 1500, seed: 26 },
    );
    expect(o.sim.engine.stats.unhandledErrors).toBe(before);
  }, 120_000);

  it('OData: built-in names as entity sets, subforms and key values answer below 500', async () => {
    const before = o.sim.engine.stats.unhandledErrors;
    for (const name of BUILTIN_NAMES) {
      for (const path of [`/${name}`, `/${name}('x')`, `/CUSTOMERS('${name}')`, `/CUSTOMERS('C1001')/${name}`, `/CUSTOMERS(${name}='x')`, `/CUSTOMERS/${name}`]) {
        const res = await o.get(path);
        if (res.status >= 500) expect(documented501(res.status, await res.text()), path).toBe(true);
      }
    }
    expect(o.sim.engine.stats.unhandledErrors).toBe(before);
  });
});
