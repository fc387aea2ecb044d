/**
 * A small local fixture for read tests: customers QT01..QT05 (with contacts under QT01) and one
 * invoice QTI1 with three lines, written straight into the store with the agreed storage
 * conventions (forms/storage.ts). Tests isolate them with `CUSTNAME ge 'QT' and CUSTNAME lt 'QU'`.
 */
import type { Row } from '../../src/engine/core/types.ts';
import {
  AINVOICEITEMS_SUBFORM,
  AINVOICES,
  CHANGED_AT,
  CUSTOMERS,
  CUSTPERSONNEL_SUBFORM,
  PARENT_FIELD,
  childRowId,
  kindOf,
  rowId,
} from '../../src/engine/products/odata/forms/index.ts';
import type { ODataEnv } from './helpers.ts';

export const QT = `CUSTNAME ge 'QT' and CUSTNAME lt 'QU'`;

export const CUSTS: Row[] = [
  { CUSTNAME: 'QT01', CUSTDES: "O'Brien Tools", STATDES: 'Active', MAX_CREDIT: '1000.50', MAX_OBLIGO: '500.00', CREATEDDATE: '2025-01-10T00:00:00Z', EMPNUM: 12, [CHANGED_AT]: '2026-03-01T00:00:00.000Z' },
  { CUSTNAME: 'QT02', CUSTDES: 'Beta Supply', STATDES: 'Potential', MAX_CREDIT: '250.00', MAX_OBLIGO: '900.00', CREATEDDATE: '2025-06-01T00:00:00Z', EMPNUM: 3, [CHANGED_AT]: '2026-03-10T00:00:00.000Z' },
  { CUSTNAME: 'QT03', CUSTDES: 'Gamma Ltd', STATDES: 'Active', MAX_CREDIT: null, MAX_OBLIGO: null, CREATEDDATE: '2024-12-31T23:00:00Z', EMPNUM: null, [CHANGED_AT]: '2026-03-12T12:00:00.000Z' },
  { CUSTNAME: 'QT04', CUSTDES: 'delta lower', STATDES: 'Active', MAX_CREDIT: '99999999999999.99', MAX_OBLIGO: '1.00', CREATEDDATE: null, EMPNUM: 400, [CHANGED_AT]: '2026-03-14T00:00:00.000Z' },
  { CUSTNAME: 'QT05', CUSTDES: '', STATDES: 'Potential', MAX_CREDIT: '0', MAX_OBLIGO: '0', CREATEDDATE: '2025-01-10T00:00:00Z', EMPNUM: 0 },
];

export const CONTACTS: Row[] = [
  { NAME: 'Ann Lee', FIRM: "O'Brien Tools", EMAIL: 'ann@x.test', PHONE: 3 },
  { NAME: 'Bob Roe', FIRM: "O'Brien Tools", EMAIL: null, PHONE: 1 },
  { NAME: 'Cy Poe', FIRM: "O'Brien Tools", EMAIL: 'cy@x.test', PHONE: 2 },
];

export const INVOICE: Row = {
  IVNUM: 'QTI1', DEBIT: 'D', IVTYPE: 'A', CUSTNAME: 'QT01', CDES: "O'Brien Tools", STATDES: 'Draft', FINAL: null,
  QPRICE: '30.00', TOTPRICE: '30.00', IVDATE: '2026-03-01T00:00:00Z', [CHANGED_AT]: '2026-03-01T00:00:00.000Z',
};
export const LINES: Row[] = [
  { KLINE: 2, PARTNAME: 'P-B', TQUANT: '2', PRICE: '5.00', TOTPRICE: '10.00' },
  { KLINE: 1, PARTNAME: 'P-A', TQUANT: '1', PRICE: '15.00', TOTPRICE: '15.00' },
  { KLINE: 10, PARTNAME: 'P-C', TQUANT: '1', PRICE: '5.00', TOTPRICE: '5.00' },
];

export async function writeFixture(e: ODataEnv): Promise<void> {
  await e.sim.engine.store.write(e.key, (tx) => {
    for (const c of CUSTS) tx.put(kindOf(CUSTOMERS), rowId(CUSTOMERS, c), c);
    const parent = rowId(CUSTOMERS, CUSTS[0] as Row);
    for (const p of CONTACTS) {
      tx.put(kindOf(CUSTPERSONNEL_SUBFORM), childRowId(parent, CUSTPERSONNEL_SUBFORM, p), { ...p, [PARENT_FIELD]: parent });
    }
    const inv = rowId(AINVOICES, INVOICE);
    tx.put(kindOf(AINVOICES), inv, INVOICE);
    for (const l of LINES) {
      tx.put(kindOf(AINVOICEITEMS_SUBFORM), childRowId(inv, AINVOICEITEMS_SUBFORM, l), { ...l, [PARENT_FIELD]: inv });
    }
  });
}

/** GET a collection and return its JSON body (asserting 200). */
export async function getJson(e: ODataEnv, path: string): Promise<any> { // any: JSON test payloads
  const res = await e.get(path);
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${path} -> ${res.status} ${text}`);
  return JSON.parse(text);
}

/** Encode a query option value for a URL. */
export const q = (v: string) => encodeURIComponent(v);
