/**
 * SOAP test harness: a receivables environment with its default SOAP user and OAuth client, a
 * sender for InvoiceService envelopes, and a reader for the answers (faults included).
 */
import { XMLParser } from 'fast-xml-parser';
import { createSimpleInvoiceXml, SAMPLE_HEADER, SAMPLE_LINES, securityHeader, SOAP_HEADERS, soapRequest, type SimpleLine } from '../../../src/engine/products/receivables/soap/examples.ts';
import { SERVICE_PATH } from '../../../src/engine/products/receivables/soap/names.ts';
import { receivablesEnv, type ReceivablesEnv } from '../framework/support.ts';

export { SERVICE_PATH };

export interface SoapUser {
  id: string;
  username: string;
  password: string;
}

export interface SoapEnv extends ReceivablesEnv {
  user: SoapUser;
  /** POST an envelope to the InvoiceService (headers default to text/xml and the operation's SOAPAction). */
  post(body: string, headers?: Record<string, string>): Promise<SoapAnswer>;
  /** An envelope for createSimpleInvoice signed by the environment's SOAP user. */
  envelope(header?: Record<string, string>, lines?: readonly SimpleLine[], extra?: string): string;
}

export interface SoapAnswer {
  status: number;
  contentType: string;
  text: string;
  /** The parsed body (namespace prefixes removed), e.g. doc.Envelope.Body.Fault. */
  doc: any; // any: XML as parsed into plain objects
  fault?: { faultcode: string; faultstring: string; detail?: any }; // any: parsed detail element
}

const parser = new XMLParser({ removeNSPrefix: true, ignoreAttributes: false, parseTagValue: false, isArray: (name) => name === 'detail' });

export function readAnswer(status: number, contentType: string, text: string): SoapAnswer {
  const doc = text ? parser.parse(text) : null;
  const f = doc?.Envelope?.Body?.Fault;
  const fault = f ? { faultcode: f.faultcode, faultstring: f.faultstring, detail: f.detail?.[0] } : undefined;
  return { status, contentType, text, doc, fault };
}

export async function soapEnv(opts: { now?: string } = {}): Promise<SoapEnv> {
  const r = await receivablesEnv(opts);
  const issued = r.credentials.soapUsers?.[0];
  if (!issued?.username || !issued.password) throw new Error('the environment was created without a SOAP user');
  const user: SoapUser = { id: issued.id, username: issued.username, password: issued.password };
  const post: SoapEnv['post'] = async (body, headers = SOAP_HEADERS) => {
    const res = await r.sim.fetch(`${r.base}${SERVICE_PATH}`, { method: 'POST', headers, body });
    return readAnswer(res.status, res.headers.get('content-type') ?? '', await res.text());
  };
  const envelope: SoapEnv['envelope'] = (header = SAMPLE_HEADER, lines = SAMPLE_LINES, extra = '') =>
    soapRequest(createSimpleInvoiceXml(header, lines, extra), securityHeader(user.username, user.password));
  return { ...r, user, post, envelope };
}

/** The ServiceErrorMessage of an application fault. */
export function serviceError(a: SoapAnswer): { code: string; message: string; detail: { code: string; message: string; attributeName?: string; objectName?: string }[] } {
  return a.fault?.detail?.ServiceErrorMessage;
}
