/**
 * A SOAP request's XML as a namespace-resolved tree, read by fast-xml-parser (its parser, then its
 * validator) with every DTD feature out of reach:
 * - any DOCTYPE is refused on the raw text before parsing, so no entity can be declared (and the
 *   entity decoder refuses any declaration that would reach it);
 * - only the five predefined entities and character references of XML characters are decoded (by
 *   @nodable/entities, fast-xml-parser's decoder); any other reference is refused, not kept as text;
 * - depth, attributes per element and elements are counted as the parser meets each tag, so a
 *   document past a limit stops there; parser and validator are single linear passes.
 * The library keeps prefixes as written; namespaces are resolved here, over the parsed tree, in one
 * walk that also turns its ordered form into XmlNode (xmldom's namespace-aware DOM would add ~31 KB
 * gzip to the worker for the same twenty lines).
 */
import { EntityDecoder } from '@nodable/entities';
import { XMLParser, XMLValidator, type X2jOptions } from 'fast-xml-parser';

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

const fail = (message: string): never => {
  throw new XmlError('malformed', message);
};

/** Characters XML 1.0 forbids anywhere in a document (the library does not look). */
const FORBIDDEN_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
/** A reference the request may use: a predefined entity, or a character reference. */
const REFERENCE = /&(?:(?:lt|gt|amp|quot|apos)|#x([0-9A-Fa-f]{1,6})|#([0-9]{1,7}));/y;

const isXmlChar = (cp: number) => cp === 0x9 || cp === 0xa || cp === 0xd || (cp >= 0x20 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd) || (cp >= 0x10000 && cp <= 0x10ffff);

/**
 * Refuse any reference the library would leave as text (an undeclared entity) or decode to a
 * character XML forbids, and a '<' in an attribute value (raw text never holds one: it ends at '<').
 */
function checkReferences(raw: string): void {
  if (raw.includes('<')) fail(`An attribute value may not hold '<' (write &lt;): "${raw.slice(0, 40)}".`);
  for (let at = raw.indexOf('&'); at !== -1; at = raw.indexOf('&', at + 1)) {
    REFERENCE.lastIndex = at;
    const m = REFERENCE.exec(raw);
    if (!m) fail(`The reference "${raw.slice(at, at + 12)}" is not one of &lt; &gt; &amp; &quot; &apos; or a character reference (DOCTYPE declarations are not accepted, so no other entity exists).`);
    const [whole, hex, dec] = m as RegExpExecArray;
    if ((hex ?? dec) !== undefined && !isXmlChar(parseInt((hex ?? dec) as string, hex === undefined ? 10 : 16))) fail(`The character reference ${whole} is not an XML character.`);
  }
}

/** fast-xml-parser's decoder (predefined entities and character references) behind that check. */
const library = new EntityDecoder({ numericAllowed: true });
const strictDecoder: NonNullable<X2jOptions['entityDecoder']> = {
  decode(text) {
    checkReferences(text);
    return library.decode(text);
  },
  reset() {
    library.reset();
  },
  setXmlVersion(version) {
    library.setXmlVersion(version);
  },
  setExternalEntities() {
    throw new XmlError('dtd', 'Entity declarations are not accepted.');
  },
  addInputEntities() {
    throw new XmlError('dtd', 'A DOCTYPE declaration is not allowed in a SOAP request.');
  },
};

/** fast-xml-parser's ordered form: `{ [name]: children, ':@': attributes }`, `{ '#text': value }`. */
type Ordered = Record<string, unknown>;
const TEXT = '#text';
const ATTRS = ':@';

function parserFor(limits: XmlLimits): XMLParser {
  let elements = 0;
  return new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: '',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    processEntities: true,
    entityDecoder: strictDecoder,
    // A backstop only: the depth limit below stops first, with its own message.
    maxNestedTags: limits.maxDepth * 2,
    jPath: false,
    // The tree is read by own keys only, so element names such as toString stay as written.
    onDangerousProperty: (name) => name,
    updateTag(tagName, path, attrs) {
      if (tagName.startsWith('?')) return tagName;
      if (typeof path !== 'string' && path.getDepth() > limits.maxDepth) throw new XmlError('limit', `Elements are nested deeper than ${limits.maxDepth} levels.`);
      if (++elements > limits.maxElements) throw new XmlError('limit', `The request has more than ${limits.maxElements} elements.`);
      if (attrs && Object.keys(attrs).length > limits.maxAttributes) throw new XmlError('limit', `The element <${tagName}> has more than ${limits.maxAttributes} attributes.`);
      return tagName;
    },
  });
}

const nameOf = (item: Ordered) => Object.keys(item).find((k) => k !== ATTRS) ?? '';

function splitQName(name: string, what: string): [string, string] {
  const parts = name.split(':');
  if (parts.length > 2 || parts.some((p) => p === '')) fail(`${what} ${name} is not a valid qualified name.`);
  return parts.length === 2 ? [parts[0] as string, parts[1] as string] : ['', name];
}

/** The XML declaration's pseudo-attributes: version 1.0, UTF-8 (the body was decoded as UTF-8). */
function checkDeclaration(attrs: Record<string, string>): void {
  const { version, encoding } = attrs;
  if (version !== '1.0') fail(`The XML declaration must say version="1.0" (got ${version === undefined ? 'none' : `"${version}"`}).`);
  if (encoding !== undefined && !/^utf-?8$/i.test(encoding)) fail(`The request must be encoded in UTF-8 (the XML declaration says ${encoding}).`);
}

/** One element of the ordered form as an XmlNode, its namespaces resolved against the scope it is in. */
function toNode(item: Ordered, name: string, parentScope: ReadonlyMap<string, string>): XmlNode {
  const raw = Object.entries((item[ATTRS] ?? {}) as Record<string, string>);
  let scope = parentScope;
  for (const [attr, value] of raw) {
    const prefix = attr === 'xmlns' ? '' : attr.startsWith('xmlns:') ? attr.slice(6) : null;
    if (prefix === null) continue;
    if (prefix !== '' && value === '') fail(`The prefix ${prefix} cannot be bound to an empty namespace.`);
    if (prefix === 'xmlns' || (prefix === 'xml') !== (value === XML_NS)) fail(`The prefix ${prefix} cannot be bound to ${value}.`);
    if (scope === parentScope) scope = new Map(parentScope);
    (scope as Map<string, string>).set(prefix, value);
  }
  const [prefix, local] = splitQName(name, 'The element name');
  const ns = scope.get(prefix);
  if (ns === undefined) fail(`The prefix ${prefix} of <${name}> is not bound to a namespace.`);
  const attrs: XmlAttr[] = [];
  const expanded = new Set<string>();
  for (const [attr, value] of raw) {
    if (attr === 'xmlns' || attr.startsWith('xmlns:')) continue;
    const [p, l] = splitQName(attr, 'The attribute name');
    const attrNs = p === '' ? '' : scope.get(p);
    if (attrNs === undefined) fail(`The prefix ${p} of the attribute ${attr} is not bound to a namespace.`);
    const key = `${attrNs}\u0000${l}`;
    if (expanded.has(key)) fail(`The attribute ${l} of namespace ${attrNs} appears twice on <${name}>.`);
    expanded.add(key);
    attrs.push({ name: attr, ns: attrNs as string, local: l, value });
  }
  const node: XmlNode = { name, ns: ns as string, local, attrs, children: [], text: '' };
  for (const child of item[name] as Ordered[]) {
    const childName = nameOf(child);
    if (childName === TEXT) node.text += String(child[TEXT]);
    else node.children.push(toNode(child, checkName(childName), scope));
  }
  return node;
}

/** Element names only: processing instructions are refused (SOAP 1.1 § 3), markup declarations too. */
function checkName(name: string): string {
  if (name.startsWith('?')) fail('Processing instructions are not allowed in a SOAP message.');
  if (name.startsWith('!')) fail(`Markup declarations are not allowed (near "<${name.slice(0, 12)}").`);
  return name;
}

const ROOT_SCOPE: ReadonlyMap<string, string> = new Map([
  ['xml', XML_NS],
  ['', ''],
]);

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Parse a whole document into its root element. Throws XmlError. */
export function parseXml(text: string, limits: XmlLimits): XmlNode {
  if (/<!DOCTYPE/i.test(text)) throw new XmlError('dtd', 'A DOCTYPE declaration is not allowed in a SOAP request.');
  const bad = FORBIDDEN_CHAR.exec(text);
  if (bad) fail(`The character U+${(bad[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')} is not allowed in XML.`);
  // Parse first: its limits stop a hostile document at the tag past them. Then the validator, which
  // checks what the lenient parser does not (end tags match, one root, quoting, attribute names).
  let items: Ordered[] = [];
  try {
    items = parserFor(limits).parse(text) as Ordered[];
  } catch (err) {
    if (err instanceof XmlError) throw err;
    const valid = XMLValidator.validate(text);
    fail(valid === true ? messageOf(err) : valid.err.msg);
  }
  const valid = XMLValidator.validate(text);
  if (valid !== true) fail(`${valid.err.msg} (line ${valid.err.line}, column ${valid.err.col})`);
  let root: XmlNode | undefined;
  for (const [i, item] of items.entries()) {
    const name = nameOf(item);
    if (name === '?xml' && i === 0) checkDeclaration((item[ATTRS] ?? {}) as Record<string, string>);
    else if (name !== TEXT && root) fail('A document has exactly one root element.');
    else if (name !== TEXT) root = toNode(item, checkName(name), ROOT_SCOPE);
  }
  if (!root) fail('The request holds no XML element.');
  return root as XmlNode;
}

/** Attribute value by namespace and local name. */
export function attrOf(node: XmlNode, ns: string, local: string): string | undefined {
  return node.attrs.find((a) => a.ns === ns && a.local === local)?.value;
}
