/**
 * Reading a SOAP 1.1 request, in the documented order (docs/reference/receivables.md § SOAP, order of
 * checks): content type, SOAPAction, size, UTF-8, DOCTYPE (on the raw text, before any parsing, so
 * nothing can be expanded), well-formed XML within limits, then the envelope's shape and the
 * operation element.
 */
import { SOAP11_ENV_NS } from '../../../core/soap.ts';
import { fault, MUST_UNDERSTAND, SoapFault } from './faults.ts';
import { LINE_ELEMENT, MAX_INVOICE_LINES, OPERATION, SOAP12_ENV_NS, SOAP_ACTION, TYPES_NS, WSSE_NS } from './names.ts';
import { attrOf, parseXml, XmlError, type XmlLimits, type XmlNode } from './request-xml.ts';

/** Largest request body accepted. */
export const MAX_BODY_BYTES = 1_048_576;
/** Room for MAX_INVOICE_LINES lines with every child they may have (10 elements each) and the rest of the envelope. */
export const XML_LIMITS: XmlLimits = { maxDepth: 32, maxAttributes: 64, maxElements: 6_000 };

export const tooManyLines = (count: string) =>
  fault('TooManyLines', `The invoice has ${count} lines (InvoiceLine elements); createSimpleInvoice accepts at most ${MAX_INVOICE_LINES}. Split it into several invoices.`);

/**
 * Refuse an envelope with more than MAX_INVOICE_LINES InvoiceLine start tags, counted on the raw text
 * before anything is parsed: an envelope of 20,000 lines is refused in milliseconds instead of being
 * read, authenticated and checked line by line (issue 26).
 */
export function checkLineCount(text: string): void {
  let count = 0;
  // indexOf, not a regular expression: a 1 MiB envelope is scanned in well under a millisecond.
  for (let at = text.indexOf(LINE_ELEMENT); at !== -1; at = text.indexOf(LINE_ELEMENT, at + LINE_ELEMENT.length)) {
    if (!/[\s/>]/.test(text[at + LINE_ELEMENT.length] ?? '')) continue; // a longer name
    // Back over a prefix (`inv:`) to the tag's `<` (an end tag has `/` there).
    let i = at - 1;
    if (text[i] === ':') for (i--; i >= 0 && /[\w.-]/.test(text[i] as string); i--);
    if (text[i] !== '<') continue;
    if (++count > MAX_INVOICE_LINES) throw tooManyLines(`more than ${MAX_INVOICE_LINES}`);
  }
}

export interface SoapRequest {
  /** Header blocks (children of env:Header). */
  headerBlocks: XmlNode[];
  /** The operation element, the one child of env:Body. */
  operation: XmlNode;
}

/** text/xml (SOAP 1.1); a charset other than UTF-8 and SOAP 1.2's application/soap+xml are refused. */
export function checkContentType(value: string | undefined): void {
  const [type = '', ...params] = (value ?? '').split(';').map((s) => s.trim());
  const mediaType = type.toLowerCase();
  if (mediaType === 'application/soap+xml') throw fault('UnsupportedMediaType', 'SOAP 1.2 (application/soap+xml) is not supported: send a SOAP 1.1 envelope with Content-Type: text/xml; charset=utf-8.');
  if (mediaType !== 'text/xml') throw fault('UnsupportedMediaType', `Content-Type ${value ? `"${value}"` : 'is missing; it'} must be text/xml; charset=utf-8 (SOAP 1.1).`);
  for (const p of params) {
    const [k = '', v = ''] = p.split('=').map((s) => s.trim());
    if (k.toLowerCase() === 'charset' && !/^"?utf-?8"?$/i.test(v)) throw fault('UnsupportedMediaType', `The charset ${v} is not supported; send UTF-8.`);
  }
}

/** SOAPAction is required (spec 000 § SOAP invoice service); empty ("") or the operation's action. */
export function checkSoapAction(value: string | undefined): void {
  if (value === undefined) throw fault('InvalidSoapAction', `The SOAPAction header is required; use SOAPAction: "${SOAP_ACTION}".`);
  const action = value.trim().replace(/^"(.*)"$/, '$1');
  if (action !== '' && action !== SOAP_ACTION) throw fault('InvalidSoapAction', `SOAPAction "${action}" is not an operation of InvoiceService; use "${SOAP_ACTION}".`);
}

/** The body as UTF-8 text, refusing oversized bodies before and after reading. */
export async function readBodyText(req: Request): Promise<string> {
  const tooLarge = () => fault('RequestTooLarge', `The request body is larger than ${MAX_BODY_BYTES} bytes.`);
  const declared = Number(req.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) throw tooLarge();
  let bytes: ArrayBuffer;
  try {
    bytes = await req.arrayBuffer();
  } catch {
    bytes = new ArrayBuffer(0);
  }
  if (bytes.byteLength > MAX_BODY_BYTES) throw tooLarge();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw fault('MalformedXml', 'The request body is not valid UTF-8.');
  }
}

const isSoap = (n: XmlNode, local: string) => n.ns === SOAP11_ENV_NS && n.local === local;
const nonBlank = (n: XmlNode) => n.text.trim() !== '';

/** Parse the text and check the SOAP 1.1 envelope (DOCTYPE first, on the raw text). */
export function readEnvelope(text: string): SoapRequest {
  if (/<!DOCTYPE/i.test(text)) throw fault('DtdForbidden', 'A DOCTYPE declaration is not allowed in a SOAP request (checked before anything is parsed).');
  if (text.trim() === '') throw fault('MalformedXml', 'The request body is empty; send a SOAP 1.1 envelope.');
  checkLineCount(text);
  let root: XmlNode;
  try {
    root = parseXml(text, XML_LIMITS);
  } catch (err) {
    if (!(err instanceof XmlError)) throw err;
    throw err.problem === 'dtd' ? fault('DtdForbidden', err.message) : fault('MalformedXml', `The request is not well-formed XML: ${err.message}`);
  }
  if (root.ns === SOAP12_ENV_NS) throw fault('MalformedXml', 'This is a SOAP 1.2 envelope; the service accepts SOAP 1.1 only (namespace http://schemas.xmlsoap.org/soap/envelope/).');
  if (!isSoap(root, 'Envelope')) throw fault('MalformedXml', `The root element <${root.name}> is not a SOAP 1.1 Envelope (namespace ${SOAP11_ENV_NS}).`);
  if (nonBlank(root)) throw fault('MalformedXml', 'The Envelope holds text; only Header and Body elements are allowed.');
  const [first, second, ...more] = root.children;
  const header = first && isSoap(first, 'Header') ? first : undefined;
  const body = header ? second : first;
  const rest = header ? more : [second, ...more].filter((n): n is XmlNode => n !== undefined);
  if (!body || !isSoap(body, 'Body')) throw fault('MalformedXml', 'The Envelope has no Body (an optional Header, then the Body).');
  if (rest.length) throw fault('MalformedXml', `The element <${(rest[0] as XmlNode).name}> is not allowed after the Body.`);
  if (nonBlank(body)) throw fault('MalformedXml', 'The Body holds text; it must hold the createSimpleInvoice element.');
  if (body.children.length === 0) throw fault('MalformedXml', 'The Body is empty; it must hold the createSimpleInvoice element.');
  if (body.children.length > 1) throw fault('MalformedXml', 'The Body holds more than one element; send one createSimpleInvoice.');
  const operation = body.children[0] as XmlNode;
  if (operation.local !== OPERATION || operation.ns !== TYPES_NS) {
    const name = operation.ns ? `{${operation.ns}}${operation.local}` : operation.local;
    throw fault('MalformedXml', `${name} is not an operation of InvoiceService; the Body must hold {${TYPES_NS}}${OPERATION}.`);
  }
  return { headerBlocks: header?.children ?? [], operation };
}

/** SOAP 1.1 § 4.2.3: a header block other than wsse:Security with mustUnderstand="1" is a MustUnderstand fault. */
export function checkMustUnderstand(blocks: readonly XmlNode[]): void {
  for (const block of blocks) {
    const mu = attrOf(block, SOAP11_ENV_NS, 'mustUnderstand')?.trim();
    if ((mu === '1' || mu === 'true') && !(block.ns === WSSE_NS && block.local === 'Security')) {
      throw new SoapFault(MUST_UNDERSTAND, `The header block {${block.ns}}${block.local} is marked mustUnderstand and the service does not understand it.`);
    }
  }
}
