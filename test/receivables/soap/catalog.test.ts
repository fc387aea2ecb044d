// Every SOAP fault is in the error catalog with a one-click reproduction (issue 11 § 3), and the
// ready requests work: the WSDL, createSimpleInvoice with the {username}/{password} the console fills.
import { beforeAll, describe, expect, it } from 'vitest';
import { receivablesCatalog } from '../../../src/engine/products/receivables/catalog.ts';
import { readAnswer, soapEnv, type SoapEnv } from './helpers.ts';
import { fillVariables } from '../../support/sim.ts';

let s: SoapEnv;
beforeAll(async () => {
  s = await soapEnv();
});

const { errors, examples } = receivablesCatalog();
const soapErrors = errors.filter((e) => e.code.startsWith('env:') || e.code.startsWith('SIM-SOAP-'));

async function send(ex: NonNullable<(typeof errors)[number]['reproduce']>) {
  const body = ex.body === undefined ? undefined : fillVariables(ex.body, { soapUser: s.user.username, soapPassword: s.user.password });
  const res = await s.sim.fetch(`${s.base}${ex.path}`, { method: ex.method, headers: ex.headers, body });
  return readAnswer(res.status, res.headers.get('content-type') ?? '', await res.text());
}

describe('SOAP entries of the error catalog', () => {
  it('lists the spec faults and the simulator’s own, with meaning and spec reference', () => {
    const codes = soapErrors.map((e) => e.code);
    for (const c of ['env:Client.AuthRequired', 'env:Client.AuthFailed', 'env:Client.MalformedXml', 'env:Client.DtdForbidden', 'env:Client.PasswordTypeUnsupported']) expect(codes).toContain(c);
    expect(codes).toEqual(expect.arrayContaining(['env:Client.TokenTypeUnsupported', 'env:Client.InvalidSoapAction', 'env:Client.UnsupportedMediaType', 'env:Client.RequestTooLarge', 'env:Server', 'env:MustUnderstand', 'SIM-SOAP-4001', 'SIM-SOAP-4002']));
  });

  it.each(soapErrors.filter((e) => e.reproduce).map((e) => [e.code, e] as const))('%s: the reproduction answers that fault', async (code, entry) => {
    const a = await send(entry.reproduce as NonNullable<typeof entry.reproduce>);
    expect(a.status).toBe(entry.status);
    expect(a.contentType).toBe('text/xml; charset=utf-8');
    if (code.startsWith('SIM-SOAP-')) {
      expect(a.fault?.faultcode).toBe('env:Server');
      expect(a.fault?.detail?.ServiceErrorMessage?.code).toBe(code);
    } else {
      expect(a.fault?.faultcode).toBe(code);
    }
  });
});

describe('SOAP ready requests', () => {
  it('answer their expected status with the environment’s SOAP user filled in', async () => {
    const soapExamples = examples.filter((e) => e.group === 'SOAP');
    expect(soapExamples.map((e) => e.id)).toEqual(['soap-wsdl', 'soap-create', 'soap-create-fault']);
    for (const ex of soapExamples) {
      const a = await send(ex);
      expect(a.status, ex.id).toBe(ex.expectStatus);
    }
    expect(soapExamples.find((e) => e.id === 'soap-create')?.auth).toBe('soap');
    expect(soapExamples.find((e) => e.id === 'soap-create')?.body).toContain('<wsse:Username>{{soapUser}}</wsse:Username>');
  });
});
