// Transport and envelope checks of the InvoiceService, in the documented order (spec 000 § SOAP
// invoice service: SOAP 1.1, text/xml; charset=utf-8, SOAPAction required, no DOCTYPE; Errors:
// env:Client.MalformedXml and env:Client.DtdForbidden (400); issue 11 § 2: SIM-1000 on SOAP paths).
import { beforeAll, describe, expect, it } from 'vitest';
import { SOAP_HEADERS } from '../../../src/engine/products/receivables/soap/examples.ts';
import { MAX_BODY_BYTES } from '../../../src/engine/products/receivables/soap/envelope.ts';
import { readAnswer, SERVICE_PATH, soapEnv, type SoapEnv } from './helpers.ts';

let s: SoapEnv;
beforeAll(async () => {
  s = await soapEnv();
});

const expectFault = (a: { status: number; fault?: { faultcode: string } }, status: number, code: string) => expect([a.status, a.fault?.faultcode]).toEqual([status, code]);
const raw = async (path: string, init?: RequestInit) => {
  const res = await s.sim.fetch(path, init);
  return readAnswer(res.status, res.headers.get('content-type') ?? '', await res.text());
};

describe('transport', () => {
  it('Content-Type must be text/xml (SOAP 1.1); application/soap+xml and JSON are 415 faults', async () => {
    for (const ct of ['application/soap+xml; charset=utf-8', 'application/json', 'text/xml; charset=iso-8859-1']) {
      expectFault(await s.post(s.envelope(), { ...SOAP_HEADERS, 'content-type': ct }), 415, 'env:Client.UnsupportedMediaType');
    }
    expect((await s.post(s.envelope(), { ...SOAP_HEADERS, 'content-type': 'text/xml' })).status).toBe(200);
    expect((await s.post(s.envelope(), { ...SOAP_HEADERS, 'content-type': 'Text/XML; Charset="UTF-8"' })).status).toBe(200);
  });

  it('SOAPAction is required and must name createSimpleInvoice (or be empty)', async () => {
    expectFault(await s.post(s.envelope(), { 'content-type': 'text/xml; charset=utf-8' }), 400, 'env:Client.InvalidSoapAction');
    expectFault(await s.post(s.envelope(), { ...SOAP_HEADERS, soapaction: '"urn:deleteEverything"' }), 400, 'env:Client.InvalidSoapAction');
    expect((await s.post(s.envelope(), { ...SOAP_HEADERS, soapaction: SOAP_HEADERS.soapaction.replaceAll('"', '') })).status).toBe(200);
  });

  it('GET without ?WSDL and other methods are 405 with Allow: GET, POST', async () => {
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
      const res = await s.sim.fetch(`${s.base}${SERVICE_PATH}`, { method });
      expect([method, res.status, res.headers.get('allow')]).toEqual([method, 405, 'GET, POST']);
      expect(readAnswer(res.status, '', await res.text()).fault?.faultcode).toBe('env:Client.MethodNotAllowed');
    }
  });

  it('an oversized body is a clear 413 fault (simulator limit: 1 MiB)', async () => {
    const big = s.envelope().replace('<soapenv:Body>', `<soapenv:Body><!--${'x'.repeat(MAX_BODY_BYTES)}-->`);
    const a = await s.post(big);
    expectFault(a, 413, 'env:Client.RequestTooLarge');
    expect(a.fault?.faultstring).toContain('1048576');
  });

  it('other services under /fscmService answer a SOAP 404 fault', async () => {
    expectFault(await raw(`${s.base}/fscmService/ReceiptService?WSDL`), 404, 'env:Client.NoSuchService');
    expectFault(await raw(`${s.base}/fscmService`), 404, 'env:Client.NoSuchService');
  });

  it('an unknown environment is SIM-1000 in a SOAP fault, before authentication (issue 11 § 2)', async () => {
    for (const path of [`/sim/env_00000000000000000000000000000000${SERVICE_PATH}`, `/sim/nope${SERVICE_PATH}?WSDL`]) {
      const a = await raw(path, { method: 'POST', headers: SOAP_HEADERS, body: s.envelope() });
      expectFault(a, 404, 'env:Client.UnknownEnvironment');
      expect(a.contentType).toBe('text/xml; charset=utf-8');
      expect(a.fault?.faultstring).toMatch(/^SIM-1000 /);
      expect(a.fault?.detail?.ServiceErrorMessage?.code).toBe('SIM-1000');
    }
    // Non-SOAP paths keep the problem+json form.
    const rest = await s.sim.fetch('/sim/env_00000000000000000000000000000000/fscmRestApi/resources/11.13.18.05/receivablesInvoices');
    expect(rest.headers.get('content-type')).toContain('application/problem+json');
  });
});

describe('MalformedXml (400): not XML, not a SOAP 1.1 envelope, empty body, wrong operation element', () => {
  const env = (body: string) => `<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`;
  it.each([
    ['an empty request', () => ''],
    ['not XML', () => 'createSimpleInvoice please'],
    ['JSON', () => '{"BusinessUnit": "US1 Business Unit"}'],
    ['truncated XML', () => s.envelope().slice(0, 300)],
    ['invalid UTF-8', () => '\uFFFD'],
    ['a SOAP 1.2 envelope', () => s.envelope().replaceAll('http://schemas.xmlsoap.org/soap/envelope/', 'http://www.w3.org/2003/05/soap-envelope')],
    ['a root that is not an Envelope', () => '<createSimpleInvoice/>'],
    ['an Envelope without a Body', () => '<e:Envelope xmlns:e="http://schemas.xmlsoap.org/soap/envelope/"><e:Header/></e:Envelope>'],
    ['an empty Body', () => env('')],
    ['two operation elements', () => env('<a/><b/>')],
    ['a wrong operation element', () => env('<typ:createInvoice xmlns:typ="http://xmlns.oracle.com/apps/financials/receivables/transactions/invoices/invoiceService/types/"/>')],
    ['the operation in the wrong namespace', () => env('<createSimpleInvoice/>')],
    ['an element after the Body', () => s.envelope().replace('</soapenv:Body>', '</soapenv:Body><soapenv:Extra/>')],
  ])('%s', async (_what, make) => {
    const body = make();
    const bytes = body === '\uFFFD' ? new Uint8Array([0x3c, 0xff, 0xfe, 0x3e]) : body;
    const a = await s.post(bytes as string);
    expectFault(a, 400, 'env:Client.MalformedXml');
    expect(a.fault?.faultstring.length).toBeGreaterThan(10);
  });
});

describe('DtdForbidden (400): any DOCTYPE, refused before anything is parsed or expanded', () => {
  it.each([
    ['a plain DOCTYPE', `<!DOCTYPE Envelope>`],
    ['an external entity', `<!DOCTYPE r [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>`],
    ['a parameter entity pulling a remote DTD', `<!DOCTYPE r [<!ENTITY % remote SYSTEM "http://127.0.0.1:1/evil.dtd"> %remote;]>`],
    ['lowercase doctype', `<!doctype r>`],
  ])('%s', async (_what, doctype) => {
    const a = await s.post(`<?xml version="1.0"?>\n${doctype}\n${s.envelope()}`);
    expectFault(a, 400, 'env:Client.DtdForbidden');
  });

  it('a DOCTYPE anywhere, even after the root or in a comment, is refused (the raw text is checked first)', async () => {
    expectFault(await s.post(`${s.envelope()}<!-- <!DOCTYPE x> -->`), 400, 'env:Client.DtdForbidden');
  });
});
