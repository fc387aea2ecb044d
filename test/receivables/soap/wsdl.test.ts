// GET {base_url}/fscmService/InvoiceService?WSDL (spec 000 § SOAP invoice service: WSDL at ?WSDL, no
// authentication; real-product-facts § SOAP InvoiceService: namespaces and what strict toolkits need).
import { DOMParser, type Element } from '@xmldom/xmldom';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEngine, openDatabase } from '../../../src/engine/index.ts';
import { HEADER_ELEMENTS, LINE_ELEMENTS, SERVICE_NS, SOAP_ACTION, TYPES_NS } from '../../../src/engine/products/receivables/soap/names.ts';
import { ORIGIN } from '../../support/sim.ts';
import { SERVICE_PATH, soapEnv, type SoapEnv } from './helpers.ts';

const WSDL = 'http://schemas.xmlsoap.org/wsdl/';
const WSDL_SOAP = 'http://schemas.xmlsoap.org/wsdl/soap/';
const XSD = 'http://www.w3.org/2001/XMLSchema';

let s: SoapEnv;
let doc: Document;
beforeAll(async () => {
  s = await soapEnv();
  const res = await s.sim.fetch(`${s.base}${SERVICE_PATH}?WSDL`);
  expect(res.status).toBe(200);
  doc = new DOMParser().parseFromString(await res.text(), 'text/xml') as unknown as Document;
});

const all = (ns: string, local: string, from: Document | Element = doc) => Array.from((from as Element).getElementsByTagNameNS(ns, local)) as Element[];

describe('the WSDL', () => {
  it('is served without authentication as text/xml, also for ?wsdl in any case (spec 000 § SOAP invoice service)', async () => {
    for (const q of ['?WSDL', '?wsdl', '?Wsdl=']) {
      const res = await s.sim.fetch(`${s.base}${SERVICE_PATH}${q}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/xml; charset=utf-8');
    }
    const head = await s.sim.fetch(`${s.base}${SERVICE_PATH}?WSDL`, { method: 'HEAD' });
    expect(head.status).toBe(200);
  });

  it('is WSDL 1.1 with the real service namespace, one SOAP 1.1 document/literal binding and the operation (facts § SOAP InvoiceService)', () => {
    const root = doc.documentElement;
    expect([root.namespaceURI, root.localName, root.getAttribute('targetNamespace')]).toEqual([WSDL, 'definitions', SERVICE_NS]);
    const binding = all(WSDL_SOAP, 'binding');
    expect(binding).toHaveLength(1);
    expect(binding[0]?.getAttribute('style')).toBe('document');
    expect(binding[0]?.getAttribute('transport')).toBe('http://schemas.xmlsoap.org/soap/http');
    expect(all(WSDL_SOAP, 'operation').map((o) => o.getAttribute('soapAction'))).toEqual([SOAP_ACTION]);
    for (const body of all(WSDL_SOAP, 'body')) expect(body.getAttribute('use')).toBe('literal');
    expect(all(WSDL_SOAP, 'fault').map((f) => [f.getAttribute('name'), f.getAttribute('use')])).toEqual([['ServiceException', 'literal']]);
    const ops = all(WSDL, 'portType').flatMap((p) => all(WSDL, 'operation', p));
    expect(ops.map((o) => o.getAttribute('name'))).toEqual(['createSimpleInvoice']);
  });

  it('declares every element a message part names, each part by element= (strict toolkits drop operations otherwise)', () => {
    const declared = new Set<string>();
    for (const schema of all(XSD, 'schema')) {
      const tns = schema.getAttribute('targetNamespace');
      for (const el of Array.from(schema.childNodes).filter((n): n is Element => (n as Element).localName === 'element')) declared.add(`${tns}|${el.getAttribute('name')}`);
    }
    const parts = all(WSDL, 'part');
    expect(parts).toHaveLength(3);
    for (const part of parts) {
      expect(part.getAttribute('type')).toBeNull();
      const [prefix, local] = (part.getAttribute('element') as string).split(':');
      const ns = part.lookupNamespaceURI(prefix as string);
      expect(declared.has(`${ns}|${local}`), `${ns}|${local}`).toBe(true);
    }
    expect(declared.has(`${TYPES_NS}|createSimpleInvoice`)).toBe(true);
    expect(declared.has(`${TYPES_NS}|createSimpleInvoiceResponse`)).toBe(true);
  });

  it('lists the invoiceHeaderInformation and InvoiceLine elements in the real order, qualified, with unitCode and currencyCode (facts § SOAP InvoiceService)', () => {
    const types = new Map(all(XSD, 'complexType').map((t) => [t.getAttribute('name'), t]));
    const names = (type: string) => all(XSD, 'element', types.get(type) as Element).map((e) => e.getAttribute('name'));
    expect(names('SimpleInvoiceHeader')).toEqual([...HEADER_ELEMENTS.map((e) => e.name), 'InvoiceLine']);
    expect(names('SimpleInvoiceLine')).toEqual(LINE_ELEMENTS.map((e) => e.name));
    expect(names('SimpleInvoiceResult')).toEqual(['CustomerTrxId', 'TransactionNumber', 'ServiceStatus']);
    const line = all(XSD, 'element', types.get('SimpleInvoiceHeader') as Element).find((e) => e.getAttribute('name') === 'InvoiceLine');
    expect(line?.getAttribute('maxOccurs')).toBe('unbounded');
    expect(all(XSD, 'attribute', types.get('MeasureType') as Element)[0]?.getAttribute('name')).toBe('unitCode');
    expect(all(XSD, 'attribute', types.get('AmountType') as Element)[0]?.getAttribute('name')).toBe('currencyCode');
    for (const schema of all(XSD, 'schema')) expect(schema.getAttribute('elementFormDefault')).toBe('qualified');
    // ServiceStatus values are declared (documented in docs/reference/receivables.md § SOAP).
    expect(all(XSD, 'enumeration').map((e) => e.getAttribute('value'))).toEqual(['SUCCESS', 'ERROR']);
  });

  it('has a service address built from the request origin and environment (facts: works at any host)', () => {
    const address = all(WSDL_SOAP, 'address');
    expect(address.map((a) => a.getAttribute('location'))).toEqual([`${ORIGIN}${s.base}${SERVICE_PATH}`]);
  });

  it('builds the address under a sub-path mount too', async () => {
    const db = openDatabase(`wsdl-${Math.random().toString(36).slice(2)}`, new IDBFactory(), IDBKeyRange);
    const engine = await createEngine({ db, mount: '/erp-sim/sim' });
    const created = await engine.handle(new Request('https://example.org/erp-sim/sim/_admin/environments', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"product":"receivables"}' }));
    const { key } = (await created.json()) as { key: string };
    const res = await engine.handle(new Request(`https://example.org/erp-sim/sim/${key}${SERVICE_PATH}?WSDL`));
    expect(await res.text()).toContain(`location="https://example.org/erp-sim/sim/${key}${SERVICE_PATH}"`);
  });
});
