/**
 * A SOAP request's XML as a namespace-resolved tree, parsed by @xmldom/xmldom's namespace-aware
 * DOMParser (every warning and error refuses the document) with every DTD feature out of reach:
 * - any DOCTYPE is refused on the raw text before parsing, so no entity can be declared;
 * - only the five predefined entities and character references of XML characters are accepted;
 * - depth, attributes per element and elements (comments and CDATA sections count as elements)
 *   are bounded.
 * Those three are checked by one linear pass over the raw text before the library sees it
 * (`checkMarkup`: indexOf and two sticky expressions, no tree), so a hostile document costs that pass
 * only; the library parses every document the pass accepts. xmldom reads text with indexOf and
 * substring, so a megabyte of character data costs a few milliseconds.
 */
import { DOMParser, type Element as XmlElement, type Node as XmlDomNode } from '@xmldom/xmldom';
import './xmldom-regexp-cache.ts';

export interface XmlAttr {
  /** Qualified name as written. */
  name: string;
  ns: string;
  local: string;
  value: string;
}

export interface XmlNode {
  /** Qualified name as written, e.g. `soapenv:Envelope`. */
  name: string;
  /** Namespace URI; '' when the element is in no namespace. */
  ns: string;
  local: string;
  attrs: XmlAttr[];
  children: XmlNode[];
  /** Character data directly inside the element (references and CDATA decoded). */
  text: string;
}

export type XmlProblem = 'malformed' | 'dtd' | 'limit';

export class XmlError extends Error {
  constructor(
    readonly problem: XmlProblem,
    message: string,
  ) {
    super(message);
  }
}

export interface XmlLimits {
  maxDepth: number;
  maxAttributes: number;
  maxElements: number;
}

export const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

const fail = (message: string): never => {
  throw new XmlError('malformed', message);
};
const limit = (message: string): never => {
  throw new XmlError('limit', message);
};

/** Characters XML 1.0 forbids anywhere in a document (the library does not look). */
const FORBIDDEN_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
/** A reference the request may use: a predefined entity, or a character reference. */
const REFERENCE = /&(?:lt|gt|amp|quot|apos|#x([0-9A-Fa-f]{1,6})|#([0-9]{1,7}));/y;
/** What ends a start tag or opens one of its attribute values. */
const TAG_PART = /["'>]/g;
/** A start tag's name as written, for a message. */
const TAG_NAME = /^[^\s/>]*/;

const isXmlChar = (cp: number) => cp === 0x9 || cp === 0xa || cp === 0xd || (cp >= 0x20 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd) || (cp >= 0x10000 && cp <= 0x10ffff);

/**
 * The guarantees, on the raw text in one pass, before any parsing: references, depth, attributes
 * per element, elements. Each construct is skipped with indexOf to its end, and the next '&' is
 * found once for the whole text, so the pass is linear whatever the input.
 */
function checkMarkup(text: string, limits: XmlLimits): number[] {
  /** Attributes written on each start tag, in document order. */
  const written: number[] = [];
  let amp = text.indexOf('&');
  /** Every '&' in text[from, to) starts an accepted reference. */
  const references = (from: number, to: number) => {
    if (amp !== -1 && amp < from) amp = text.indexOf('&', from);
    for (; amp !== -1 && amp < to; amp = text.indexOf('&', amp + 1)) {
      REFERENCE.lastIndex = amp;
      const m = REFERENCE.exec(text);
      if (!m) fail(`The reference "${text.slice(amp, amp + 12)}" is not one of &lt; &gt; &amp; &quot; &apos; or a character reference (DOCTYPE declarations are not accepted, so no other entity exists).`);
      const [whole, hex, dec] = m as RegExpExecArray;
      if ((hex ?? dec) !== undefined && !isXmlChar(parseInt((hex ?? dec) as string, hex === undefined ? 10 : 16))) fail(`The character reference ${whole} is not an XML character.`);
    }
  };
  const endOf = (from: number, end: string, what: string) => {
    const at = text.indexOf(end, from);
    return at === -1 ? fail(`${what} is not closed with ${end}.`) : at + end.length;
  };
  let depth = 0;
  let elements = 0;
  const element = () => {
    if (++elements > limits.maxElements) limit(`The request has more than ${limits.maxElements} elements (comments and CDATA sections included).`);
  };
  for (let at = 0; ; ) {
    const lt = text.indexOf('<', at);
    references(at, lt === -1 ? text.length : lt);
    if (lt === -1) return written;
    const next = text[lt + 1];
    if (text.startsWith('!--', lt + 1)) {
      element();
      at = endOf(lt + 4, '-->', 'A comment');
    } else if (text.startsWith('![CDATA[', lt + 1)) {
      element();
      at = endOf(lt + 9, ']]>', 'A CDATA section');
    } else if (next === '?') {
      if (!/^<\?xml[\s?]/.test(text.slice(lt, lt + 6))) fail('Processing instructions are not allowed in a SOAP message.');
      at = endOf(lt + 2, '?>', 'The XML declaration');
    } else if (next === '!') {
      fail(`Markup declarations are not allowed (near "${text.slice(lt, lt + 12)}").`);
    } else if (next === '/') {
      depth--;
      at = endOf(lt + 2, '>', 'An end tag');
    } else {
      element();
      let attributes = 0;
      for (TAG_PART.lastIndex = lt + 1; ; ) {
        const m = TAG_PART.exec(text);
        if (!m) fail('A start tag is not closed with >.');
        const [part] = m as RegExpExecArray;
        if (part === '>') {
          at = m!.index + 1;
          written.push(attributes);
          if (text[m!.index - 1] !== '/' && ++depth > limits.maxDepth) limit(`Elements are nested deeper than ${limits.maxDepth} levels.`);
          break;
        }
        const close = text.indexOf(part, m!.index + 1);
        if (close === -1) fail('An attribute value is not closed.');
        references(m!.index + 1, close);
        if (++attributes > limits.maxAttributes) limit(`The element <${TAG_NAME.exec(text.slice(lt + 1, lt + 65))?.[0] ?? ''}> has more than ${limits.maxAttributes} attributes.`);
        TAG_PART.lastIndex = close + 1;
      }
    }
  }
}

/** The XML declaration's pseudo-attributes: version 1.0, UTF-8 (the body was decoded as UTF-8). */
function checkDeclaration(data: string): void {
  const version = /\bversion\s*=\s*["']([^"']*)["']/.exec(data)?.[1];
  const encoding = /\bencoding\s*=\s*["']([^"']*)["']/.exec(data)?.[1];
  if (version !== '1.0') fail(`The XML declaration must say version="1.0" (got ${version === undefined ? 'none' : `"${version}"`}).`);
  if (encoding !== undefined && !/^utf-?8$/i.test(encoding)) fail(`The request must be encoded in UTF-8 (the XML declaration says ${encoding}).`);
}

const ELEMENT = 1;
const TEXT = 3;
const CDATA = 4;
const PI = 7;

/**
 * One DOM element as an XmlNode; xmldom resolved the namespaces, the bindings XML forbids are refused
 * here. `written` holds each start tag's attribute count from checkMarkup, in the same document order:
 * xmldom keeps the last of two attributes with one expanded name, so fewer on the element means a
 * duplicate.
 */
function toNode(el: XmlElement, written: { counts: number[]; next: number }): XmlNode {
  if (el.attributes.length !== written.counts[written.next++]) fail(`An attribute of <${el.tagName}> appears twice (the same local name in the same namespace).`);
  const attrs: XmlAttr[] = [];
  const expanded = new Set<string>();
  for (let i = 0; i < el.attributes.length; i++) {
    const a = el.attributes.item(i);
    if (!a) continue;
    if (a.namespaceURI === XMLNS_NS) {
      const prefix = a.name === 'xmlns' ? '' : a.localName;
      if (prefix !== '' && a.value === '') fail(`The prefix ${prefix} cannot be bound to an empty namespace.`);
      if (prefix === 'xmlns' || (prefix === 'xml') !== (a.value === XML_NS)) fail(`The prefix ${prefix} cannot be bound to ${a.value}.`);
      continue;
    }
    const ns = a.namespaceURI ?? '';
    const local = a.localName ?? a.name;
    const key = `${ns}\u0000${local}`;
    if (expanded.has(key)) fail(`The attribute ${local} of namespace ${ns} appears twice on <${el.tagName}>.`);
    expanded.add(key);
    attrs.push({ name: a.name, ns, local, value: a.value });
  }
  const node: XmlNode = { name: el.tagName, ns: el.namespaceURI ?? '', local: el.localName ?? el.tagName, attrs, children: [], text: '' };
  for (let child: XmlDomNode | null = el.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === ELEMENT) node.children.push(toNode(child as XmlElement, written));
    else if (child.nodeType === TEXT || child.nodeType === CDATA) node.text += (child as unknown as { data: string }).data;
    else if (child.nodeType === PI) fail('Processing instructions are not allowed in a SOAP message.');
  }
  return node;
}

/** Parse a whole document into its root element. Throws XmlError. */
export function parseXml(text: string, limits: XmlLimits): XmlNode {
  if (/<!DOCTYPE/i.test(text)) throw new XmlError('dtd', 'A DOCTYPE declaration is not allowed in a SOAP request.');
  const bad = FORBIDDEN_CHAR.exec(text);
  if (bad) fail(`The character U+${(bad[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')} is not allowed in XML.`);
  const written = { counts: checkMarkup(text, limits), next: 0 };
  // Every warning and error refuses the document: xmldom would recover from them, a SOAP request does not.
  let first: string | undefined;
  const parser = new DOMParser({
    locator: false,
    // XML 1.0 § 2.11 (xmldom's default is XML 1.1's, which also turns U+0085 and U+2028 into line feeds).
    normalizeLineEndings: (source) => source.replace(/\r\n?/g, '\n'),
    onError(_level, message) {
      first ??= message;
      throw new Error(message);
    },
  });
  let doc;
  try {
    doc = parser.parseFromString(text, 'text/xml');
  } catch (err) {
    fail(first ?? (err instanceof Error ? err.message : String(err)));
  }
  let root: XmlNode | undefined;
  for (let child: XmlDomNode | null = (doc as unknown as XmlDomNode).firstChild; child; child = child.nextSibling) {
    if (child.nodeType === PI && (child as unknown as { target: string }).target === 'xml') checkDeclaration((child as unknown as { data: string }).data);
    else if (child.nodeType === PI) fail('Processing instructions are not allowed in a SOAP message.');
    else if (child.nodeType === ELEMENT) root = toNode(child as XmlElement, written);
  }
  if (!root) fail('The request holds no XML element.');
  return root as XmlNode;
}

/** Attribute value by namespace and local name. */
export function attrOf(node: XmlNode, ns: string, local: string): string | undefined {
  return node.attrs.find((a) => a.ns === ns && a.local === local)?.value;
}
