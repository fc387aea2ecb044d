/**
 * createSimpleInvoice > invoiceHeaderInformation as the REST create body (real-product-facts § SOAP
 * InvoiceService, REST-to-SOAP names), so SOAP goes through the same create path as POST
 * receivablesInvoices. Every element is checked by name: real elements the simulator does not
 * support, unknown elements and unknown attributes are refused (SIM-SOAP-4001), never ignored.
 * Values keep their exact decimal text: a number that a double would round is refused, not rounded.
 */
import { Big, numberLiteral } from '../../../core/money.ts';
import type { Row } from '../../../core/types.ts';
import { FW } from '../rest/errors.ts';
import { tooManyLines } from './envelope.ts';
import { fault, SOAP_CODES, SoapValueError } from './faults.ts';
import { HEADER_ELEMENTS, LINE_ELEMENT, LINE_ELEMENTS, MAX_INVOICE_LINES, REST_LINES, SERVICE_NS, TYPES_NS, UNIT_EACH, XSI_NS, type SoapElement } from './names.ts';
import type { XmlNode } from './request-xml.ts';

const DECIMAL_RE = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;
/** xsd:date, optionally with a time zone (a calendar date here; the zone is dropped). */
const DATE_RE = /^(-?\d{4,}-\d{2}-\d{2})(?:Z|[+-]\d{2}:\d{2})?$/;

const HEADER_BY_NAME = new Map(HEADER_ELEMENTS.map((e) => [e.name, e]));
const LINE_BY_NAME = new Map(LINE_ELEMENTS.map((e) => [e.name, e]));

const HEADER = 'invoiceHeaderInformation';
const refuse = (code: string, detail: string, objectName: string, attributeName?: string) => new SoapValueError(code, detail, { objectName, attributeName });

/** An element that holds other elements: character data other than whitespace is malformed. */
function complexChildren(node: XmlNode, what: string): XmlNode[] {
  if (node.text.trim() !== '') throw fault('MalformedXml', `${what} holds text; it holds elements only.`);
  return node.children;
}

const isNil = (node: XmlNode) => node.attrs.some((a) => a.ns === XSI_NS && a.local === 'nil' && ['true', '1'].includes(a.value.trim()));

/** A simple element's value as the REST body carries it (null: empty or xsi:nil, which count as absent). */
function value(node: XmlNode, def: SoapElement, owner: string): unknown {
  if (node.children.length) throw fault('MalformedXml', `${def.name} holds elements; it holds a ${def.type} value.`);
  if (isNil(node)) return null;
  const text = def.type === 'string' ? node.text : node.text.trim();
  if (text === '') return null;
  if (def.type === 'date') return DATE_RE.exec(text)?.[1] ?? text; // a bad date is refused by the REST checks, by name
  if (def.type === 'string' || !DECIMAL_RE.test(text)) return text; // a non-number is refused by the REST checks
  const n = Number(text);
  // Exact or refused: the REST checks see the same number the client sent.
  if (!new Big(text).eq(new Big(numberLiteral(n)))) {
    const decimals = (text.split('.')[1] ?? '').replace(/0+$/, '').length;
    if (decimals > 4) throw refuse(FW.TOO_MANY_DECIMALS, `${def.name} has more than 4 decimal places.`, owner, def.name);
    throw refuse(FW.NUMBER_OUT_OF_RANGE, `${def.name} must be less than 100000000000 in absolute value.`, owner, def.name);
  }
  return n;
}

/** Attributes allowed on a simple element: xsi:nil/xsi:type, and its own (unitCode, currencyCode). */
function checkAttributes(node: XmlNode, def: SoapElement, owner: string, currency: unknown): void {
  for (const a of node.attrs) {
    if (a.ns === XSI_NS && (a.local === 'nil' || a.local === 'type')) continue;
    if (a.ns === '' && a.local === def.attribute) {
      const v = a.value.trim();
      if (a.local === 'unitCode' && v !== UNIT_EACH) {
        throw refuse(SOAP_CODES.UNSUPPORTED_ELEMENT, `The unit ${v} of ${def.name}@unitCode is not supported; the simulator prices per ${UNIT_EACH} (each).`, owner, `${def.name}/@unitCode`);
      }
      if (a.local === 'currencyCode' && typeof currency === 'string' && v !== currency) {
        throw refuse(FW.INVALID_ATTRIBUTE_VALUE, `${def.name}@currencyCode ${v} differs from the invoice currency ${currency}.`, owner, `${def.name}/@currencyCode`);
      }
      continue;
    }
    throw refuse(SOAP_CODES.UNSUPPORTED_ELEMENT, `The attribute ${a.name} is not supported on ${def.name}.`, owner, `${def.name}/@${a.name}`);
  }
}

/** Map the children of a complex element (`owner`) through its element table; returns the InvoiceLine nodes. */
function mapFields(nodes: readonly XmlNode[], table: ReadonlyMap<string, SoapElement>, owner: string, out: Row, currency: () => unknown): XmlNode[] {
  const lines: XmlNode[] = [];
  const seen = new Set<string>();
  for (const node of nodes) {
    if (owner === HEADER && node.ns === SERVICE_NS && node.local === LINE_ELEMENT) {
      lines.push(node);
      continue;
    }
    const def = node.ns === SERVICE_NS ? table.get(node.local) : undefined;
    if (!def) {
      const where = node.ns === SERVICE_NS ? '' : ` in namespace ${node.ns || '(none)'}`;
      throw refuse(SOAP_CODES.UNSUPPORTED_ELEMENT, `${node.local}${where} is not an element of ${owner}; its elements are in namespace ${SERVICE_NS}.`, owner, node.local);
    }
    if (seen.has(def.name)) throw refuse(SOAP_CODES.REPEATED_ELEMENT, `${def.name} appears more than once in ${owner}.`, owner, def.name);
    seen.add(def.name);
    if (!def.rest) throw refuse(SOAP_CODES.UNSUPPORTED_ELEMENT, `${def.name} is an element of the real service that the simulator does not support; leave it out.`, owner, def.name);
    checkAttributes(node, def, owner, currency());
    out[def.rest] = value(node, def, owner);
  }
  return lines;
}

/** Only xsi:type and xsi:nil may decorate a complex element. */
function checkComplexAttributes(node: XmlNode, owner: string): void {
  const other = node.attrs.find((a) => !(a.ns === XSI_NS && (a.local === 'type' || a.local === 'nil')));
  if (other) throw refuse(SOAP_CODES.UNSUPPORTED_ELEMENT, `The attribute ${other.name} is not supported on ${owner}.`, owner, `@${other.name}`);
}

/** The REST create body for a createSimpleInvoice operation element. */
export function invoiceBodyOf(operation: XmlNode): Row {
  const children = complexChildren(operation, 'createSimpleInvoice');
  const other = children.find((n) => !(n.ns === TYPES_NS && n.local === HEADER));
  if (other) throw refuse(SOAP_CODES.UNSUPPORTED_ELEMENT, `${other.local} is not an element of createSimpleInvoice; it holds one ${HEADER} (namespace ${TYPES_NS}).`, 'createSimpleInvoice', other.local);
  if (children.length !== 1) throw fault('MalformedXml', `createSimpleInvoice must hold exactly one ${HEADER} element in namespace ${TYPES_NS}.`);
  const header = children[0] as XmlNode;
  checkComplexAttributes(header, HEADER);

  const body: Row = {};
  const lines = mapFields(complexChildren(header, HEADER), HEADER_BY_NAME, HEADER, body, () => undefined);
  // Exact, on the parsed lines (the count before parsing already refused the far larger ones).
  if (lines.length > MAX_INVOICE_LINES) throw tooManyLines(String(lines.length));
  // Header first (line currencies are checked against InvoiceCurrencyCode), then the lines in order.
  body[REST_LINES] = lines.map((line, i) => {
    const owner = `${LINE_ELEMENT}[${i + 1}]`;
    const row: Row = {};
    checkComplexAttributes(line, owner);
    if (!isNil(line)) mapFields(complexChildren(line, owner), LINE_BY_NAME, owner, row, () => body.InvoiceCurrencyCode);
    return row;
  });
  return body;
}
