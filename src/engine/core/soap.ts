/**
 * SOAP 1.1 envelopes and faults as the simulator writes them. Kept in core because the engine answers
 * one fault itself (SIM-1000, unknown environment, before any product code runs); the receivables
 * InvoiceService builds every other fault on the same writer.
 */
import { escapeXml } from './xml.ts';

export const SOAP11_ENV_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
/** The real product's application error namespace (ServiceErrorMessage). */
export const ADF_ERRORS_NS = 'http://xmlns.oracle.com/adf/svc/errors/';
export const SOAP_CONTENT_TYPE = 'text/xml; charset=utf-8';

/** The first path segment every SOAP service of the receivables product lives under. */
export const SOAP_ROOT = '/fscmService';

/** True when a path (relative to the environment base) is a SOAP path. */
export function isSoapPath(path: string): boolean {
  return path === SOAP_ROOT || path.startsWith(`${SOAP_ROOT}/`);
}

/** A SOAP 1.1 envelope around body content (already serialized XML). */
export function soapEnvelope(bodyXml: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><env:Envelope xmlns:env="${SOAP11_ENV_NS}"><env:Header/><env:Body>${bodyXml}</env:Body></env:Envelope>`;
}

/** The `env:Fault` element: unqualified faultcode/faultstring (what strict toolkits read), optional detail XML. */
export function faultXml(faultcode: string, faultstring: string, detailXml?: string): string {
  const detail = detailXml === undefined ? '' : `<detail>${detailXml}</detail>`;
  return `<env:Fault><faultcode>${escapeXml(faultcode)}</faultcode><faultstring>${escapeXml(faultstring)}</faultstring>${detail}</env:Fault>`;
}

/** A fault response: always an XML body, whatever the status (toolkits parse 401 and 404 bodies too). */
export function soapFaultResponse(status: number, faultcode: string, faultstring: string, detailXml?: string, headers: Record<string, string> = {}): Response {
  return new Response(soapEnvelope(faultXml(faultcode, faultstring, detailXml)), {
    status,
    headers: { 'content-type': SOAP_CONTENT_TYPE, ...headers },
  });
}

/** The SIM-1000 refusal in a form a SOAP client can read (issue 11 § 2: unknown environment on SOAP paths). */
export function soapUnknownEnvironment(detail: string): Response {
  const message = `<tns:ServiceErrorMessage xmlns:tns="${ADF_ERRORS_NS}"><tns:code>SIM-1000</tns:code><tns:message>${escapeXml(detail)}</tns:message><tns:severity>SEVERITY_ERROR</tns:severity></tns:ServiceErrorMessage>`;
  return soapFaultResponse(404, 'env:Client.UnknownEnvironment', `SIM-1000 Unknown environment: ${detail}`, message);
}
