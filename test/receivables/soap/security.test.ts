// WS-Security on the InvoiceService (spec 000 § Authentication 4; Errors: env:Client.AuthRequired and
// env:Client.AuthFailed (401), env:Client.PasswordTypeUnsupported; issue 11 § 2).
import { beforeEach, describe, expect, it } from 'vitest';
import { createSimpleInvoiceXml, SAMPLE_HEADER, SAMPLE_LINES, securityHeader, soapRequest } from '../../../src/engine/products/receivables/soap/examples.ts';
import { PASSWORD_DIGEST, WSSE_NS, WSU_NS } from '../../../src/engine/products/receivables/soap/names.ts';
import { createEnv } from '../../support/sim.ts';
import { soapEnv, type SoapEnv } from './helpers.ts';

let s: SoapEnv;
beforeEach(async () => {
  s = await soapEnv();
});

const body = createSimpleInvoiceXml(SAMPLE_HEADER, SAMPLE_LINES);
const signed = (user: string, password: string, type?: string) => soapRequest(body, securityHeader(user, password, type));
const expectFault = (a: { status: number; fault?: { faultcode: string } }, status: number, code: string) => expect([a.status, a.fault?.faultcode]).toEqual([status, code]);

describe('AuthRequired (401): no header or no token', () => {
  it.each([
    ['no SOAP header', soapRequest(body, null)],
    ['an empty header', soapRequest(body, '')],
    ['a Security header without a UsernameToken', soapRequest(body, `<wsse:Security xmlns:wsse="${WSSE_NS}"/>`)],
    ['only a Timestamp', soapRequest(body, `<wsse:Security xmlns:wsse="${WSSE_NS}" xmlns:wsu="${WSU_NS}"><wsu:Timestamp><wsu:Created>2026-01-01T00:00:00Z</wsu:Created></wsu:Timestamp></wsse:Security>`)],
    // (Not marked mustUnderstand: marked, it is a header the service does not understand, env:MustUnderstand.)
    ['a Security header of an older draft namespace', soapRequest(body, securityHeader('x', 'y').replaceAll(WSSE_NS, 'http://schemas.xmlsoap.org/ws/2002/07/secext').replace(' soapenv:mustUnderstand="1"', ''))],
  ])('%s', async (_what, envelope) => {
    const a = await s.post(envelope);
    expectFault(a, 401, 'env:Client.AuthRequired');
    expect(a.contentType).toBe('text/xml; charset=utf-8');
  });
});

describe('AuthFailed (401): one identical fault for unknown user, wrong password, revoked, other environment', () => {
  it('answers the same faultstring in all four cases', async () => {
    const other = await createEnv(s.sim, 'receivables');
    const otherUser = other.credentials.soapUsers[0] as { username: string; password: string };
    const extra = await s.sim.admin('POST', `/environments/${s.key}/credentials`, { type: 'soap-user' });
    expect((await s.post(signed(extra.body.username, extra.body.password))).status).toBe(200);
    expect((await s.sim.admin('DELETE', `/environments/${s.key}/credentials/${extra.body.id}`)).status).toBe(204);

    const answers = [
      await s.post(signed('nobody', s.user.password)),
      await s.post(signed(s.user.username, 'wrong-password')),
      await s.post(signed(extra.body.username, extra.body.password)),
      await s.post(signed(otherUser.username, otherUser.password)),
      await s.post(signed(s.user.username, '')),
    ];
    for (const a of answers) expectFault(a, 401, 'env:Client.AuthFailed');
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
  });

  it('an OAuth client secret is not a SOAP password', async () => {
    expectFault(await s.post(signed(s.full.clientId, s.full.clientSecret)), 401, 'env:Client.AuthFailed');
  });
});

describe('accepted tokens', () => {
  it('PasswordText by its Type URI, or with no Type (the profile default), with Nonce, Created and a wsu:Timestamp', async () => {
    expect((await s.post(signed(s.user.username, s.user.password))).status).toBe(200);
    const noType = securityHeader(s.user.username, s.user.password).replace(/ Type="[^"]+"/, '');
    expect((await s.post(soapRequest(body, noType))).status).toBe(200);
    const full = `<wsse:Security xmlns:wsse="${WSSE_NS}" xmlns:wsu="${WSU_NS}"><wsu:Timestamp wsu:Id="TS-1"><wsu:Created>2020-01-01T00:00:00Z</wsu:Created><wsu:Expires>2020-01-01T00:05:00Z</wsu:Expires></wsu:Timestamp>
      <wsse:UsernameToken><wsse:Username>${s.user.username}</wsse:Username><wsse:Password>${s.user.password}</wsse:Password><wsse:Nonce EncodingType="x">bm9uY2U=</wsse:Nonce><wsu:Created>2020-01-01T00:00:00Z</wsu:Created></wsse:UsernameToken></wsse:Security>`;
    expect((await s.post(soapRequest(body, full))).status).toBe(200);
  });

  it('SOAP credentials never expire: the environment clock moved a year still authenticates', async () => {
    expect((await s.sim.admin('PUT', `/environments/${s.key}/clock`, { advanceDays: 366 })).status).toBe(200);
    expect((await s.post(signed(s.user.username, s.user.password))).status).toBe(200);
  });
});

describe('refused token types', () => {
  it('PasswordDigest is env:Client.PasswordTypeUnsupported, also with the right password', async () => {
    const a = await s.post(signed(s.user.username, s.user.password, PASSWORD_DIGEST));
    expectFault(a, 401, 'env:Client.PasswordTypeUnsupported');
    expect(a.fault?.faultstring).toContain('PasswordDigest');
    expectFault(await s.post(signed(s.user.username, s.user.password, 'urn:other#Type')), 401, 'env:Client.PasswordTypeUnsupported');
  });

  it('SAML and other token types are refused clearly (env:Client.TokenTypeUnsupported)', async () => {
    const saml = await s.post(soapRequest(body, `<wsse:Security xmlns:wsse="${WSSE_NS}"><saml2:Assertion xmlns:saml2="urn:oasis:names:tc:SAML:2.0:assertion"/></wsse:Security>`));
    expectFault(saml, 401, 'env:Client.TokenTypeUnsupported');
    expect(saml.fault?.faultstring).toMatch(/^SAML assertions are not implemented/);
    const x509 = await s.post(soapRequest(body, `<wsse:Security xmlns:wsse="${WSSE_NS}"><wsse:BinarySecurityToken ValueType="X509v3">MIIB</wsse:BinarySecurityToken></wsse:Security>`));
    expectFault(x509, 401, 'env:Client.TokenTypeUnsupported');
    expect(x509.fault?.faultstring).toContain('BinarySecurityToken');
  });
});

describe('SOAP headers', () => {
  it('a header block marked mustUnderstand that the service does not know is env:MustUnderstand (SOAP 1.1 § 4.2.3); unmarked ones pass', async () => {
    const tracking = (mu: string) => `<trk:Tracking xmlns:trk="urn:t" xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" soapenv:mustUnderstand="${mu}">1</trk:Tracking>${securityHeader(s.user.username, s.user.password)}`;
    expectFault(await s.post(soapRequest(body, tracking('1'))), 500, 'env:MustUnderstand');
    expect((await s.post(soapRequest(body, tracking('0')))).status).toBe(200);
  });

  it('checks happen before the invoice is read: a bad invoice without credentials is AuthRequired, not an application fault', async () => {
    const a = await s.post(soapRequest(createSimpleInvoiceXml({ BillToAccountNumber: '99999' }, []), null));
    expectFault(a, 401, 'env:Client.AuthRequired');
  });
});
