/**
 * A strict, small XML 1.0 + Namespaces reader for SOAP requests, with no DTD support at all.
 *
 * Why not a library: fast-xml-parser (~21 KB gzip) or @xmldom/xmldom (~31 KB) would take the worker
 * bundle past its 110 KB budget, and a SOAP envelope needs only elements, attributes, namespaces,
 * character data, CDATA and comments. Refusing every DOCTYPE means no entity can be declared, so
 * external entities, billion laughs and quadratic blowup cannot exist here; only the five predefined
 * entities and character references are decoded. Depth, attributes per element and element count
 * are bounded, and every step is linear, so hostile input fails fast.
 */

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
  /** Character data directly inside the element (entities and CDATA decoded). */
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
export const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

const NAME_START = 'A-Za-z_\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C\\u200D\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD';
const NAME_CHAR = `${NAME_START}\\-.0-9\\u00B7\\u0300-\\u036F\\u203F-\\u2040`;
const NCNAME = `[${NAME_START}][${NAME_CHAR}]*`;
const QNAME_RE = new RegExp(`^${NCNAME}(?::${NCNAME})?$`);
/** Characters XML 1.0 forbids anywhere in a document. */
const FORBIDDEN_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
/** One attribute after at least one space: name = "value" | 'value'. */
const ATTR_RE = /[ \t\n]+([^\s=/>"'<]+)[ \t\n]*=[ \t\n]*(?:"([^"<]*)"|'([^'<]*)')/y;
const TAG_END_RE = /[ \t\n]*(\/?)>/y;
const TAG_NAME_RE = /[^\s/>"'<=]+/y;
const REF_RE = /&(?:#x([0-9A-Fa-f]+)|#([0-9]+)|([A-Za-z_][\w.-]*));/y;
const PREDEFINED: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

const fail = (message: string): never => {
  throw new XmlError('malformed', message);
};

function isXmlChar(cp: number): boolean {
  return cp === 0x9 || cp === 0xa || cp === 0xd || (cp >= 0x20 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd) || (cp >= 0x10000 && cp <= 0x10ffff);
}

/** Decode the predefined entities and character references; anything else is undeclared (malformed). */
function decode(raw: string): string {
  if (!raw.includes('&')) return raw;
  let out = '';
  let from = 0;
  for (let at = raw.indexOf('&'); at !== -1; at = raw.indexOf('&', from)) {
    out += raw.slice(from, at);
    REF_RE.lastIndex = at;
    const m = REF_RE.exec(raw);
    if (!m) fail(`An '&' must start an entity or character reference (near "${raw.slice(at, at + 12)}").`);
    const [whole, hex, dec, name] = m as RegExpExecArray;
    if (name !== undefined) {
      // An own property only: `&constructor;` names no entity, whatever every object inherits.
      const v = Object.hasOwn(PREDEFINED, name) ? PREDEFINED[name] : undefined;
      if (v === undefined) fail(`The entity &${name}; is not declared (DOCTYPE declarations are not accepted, so only &lt; &gt; &amp; &quot; &apos; exist).`);
      out += v;
    } else {
      const digits = hex ?? dec ?? '';
      const cp = digits.length > 7 ? -1 : parseInt(digits, hex !== undefined ? 16 : 10);
      if (!isXmlChar(cp)) fail(`The character reference ${whole} is not an XML character.`);
      out += String.fromCodePoint(cp);
    }
    from = at + whole.length;
  }
  return out + raw.slice(from);
}

interface Open {
  node: XmlNode;
  /** Namespace bindings in scope (prefix '' is the default namespace). */
  scope: ReadonlyMap<string, string>;
}

const ROOT_SCOPE: ReadonlyMap<string, string> = new Map([
  ['xml', XML_NS],
  ['', ''],
]);

function splitQName(name: string): [string, string] {
  const colon = name.indexOf(':');
  return colon === -1 ? ['', name] : [name.slice(0, colon), name.slice(colon + 1)];
}

/** Check the XML declaration's pseudo-attributes: version 1.0, UTF-8 (the body was decoded as UTF-8). */
function checkDeclaration(decl: string): void {
  const version = /\bversion\s*=\s*["']([^"']*)["']/.exec(decl)?.[1];
  if (version !== '1.0') fail(`The XML declaration must say version="1.0" (got ${version === undefined ? 'none' : `"${version}"`}).`);
  const encoding = /\bencoding\s*=\s*["']([^"']*)["']/.exec(decl)?.[1];
  if (encoding !== undefined && !/^utf-?8$/i.test(encoding)) fail(`The request must be encoded in UTF-8 (the XML declaration says ${encoding}).`);
}

/** Skip whitespace, comments (and refuse DOCTYPE and processing instructions) outside the root element. */
function skipMisc(text: string, from: number): number {
  let i = from;
  for (;;) {
    while (i < text.length && /[ \t\n]/.test(text[i] as string)) i++;
    if (text.startsWith('<!--', i)) {
      i = skipComment(text, i);
    } else if (text.startsWith('<!DOCTYPE', i)) {
      throw new XmlError('dtd', 'A DOCTYPE declaration is not allowed in a SOAP request.');
    } else if (text.startsWith('<?', i)) {
      fail('Processing instructions are not allowed in a SOAP message.');
    } else {
      return i;
    }
  }
}

function skipComment(text: string, at: number): number {
  const end = text.indexOf('-->', at + 4);
  if (end === -1) fail('A comment is not closed with -->.');
  if (text.slice(at + 4, end).includes('--')) fail("'--' is not allowed inside a comment.");
  return end + 3;
}

/** Parse a whole document into its root element. Throws XmlError. */
export function parseXml(input: string, limits: XmlLimits): XmlNode {
  const text = input.includes('\r') ? input.replace(/\r\n?/g, '\n') : input;
  const bad = FORBIDDEN_CHAR.exec(text);
  if (bad) fail(`The character U+${(bad[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')} is not allowed in XML.`);
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  if (text.startsWith('<?xml', i) && /[ \t\n?]/.test(text[i + 5] ?? '')) {
    const end = text.indexOf('?>', i);
    if (end === -1) fail('The XML declaration is not closed with ?>.');
    checkDeclaration(text.slice(i + 5, end));
    i = end + 2;
  }
  i = skipMisc(text, i);
  if (text[i] !== '<') fail(i >= text.length ? 'The request holds no XML element.' : 'The request is not XML: it must start with an element.');

  const stack: Open[] = [];
  let root: XmlNode | null = null;
  let elements = 0;
  while (i < text.length) {
    const top = stack[stack.length - 1];
    if (text.charCodeAt(i) !== 60 /* < */) {
      const next = text.indexOf('<', i);
      const end = next === -1 ? text.length : next;
      const raw = text.slice(i, end);
      if (!top) fail('Text is not allowed outside the root element.');
      if (raw.includes(']]>')) fail("']]>' is not allowed in character data.");
      (top as Open).node.text += decode(raw);
      i = end;
      continue;
    }
    if (text.startsWith('</', i)) {
      const close = text.indexOf('>', i);
      if (close === -1) fail('An end tag is not closed with >.');
      const name = text.slice(i + 2, close).replace(/[ \t\n]+$/, '');
      if (!top) fail(`The end tag </${name}> has no start tag.`);
      const open = top as Open;
      if (name !== open.node.name) fail(`The end tag </${name}> does not match the start tag <${open.node.name}>.`);
      stack.pop();
      i = close + 1;
      if (stack.length === 0) {
        root = open.node;
        break;
      }
      continue;
    }
    if (text.startsWith('<!--', i)) {
      i = skipComment(text, i);
      continue;
    }
    if (text.startsWith('<![CDATA[', i)) {
      if (!top) fail('A CDATA section is not allowed outside the root element.');
      const end = text.indexOf(']]>', i + 9);
      if (end === -1) fail('A CDATA section is not closed with ]]>.');
      (top as Open).node.text += text.slice(i + 9, end);
      i = end + 3;
      continue;
    }
    if (text.startsWith('<!DOCTYPE', i)) throw new XmlError('dtd', 'A DOCTYPE declaration is not allowed in a SOAP request.');
    if (text.startsWith('<?', i)) fail('Processing instructions are not allowed in a SOAP message.');
    if (text.startsWith('<!', i)) fail(`Markup declarations are not allowed (near "${text.slice(i, i + 12)}").`);
    if (!top && elements > 0) fail('A document has exactly one root element.');

    // Start tag.
    TAG_NAME_RE.lastIndex = i + 1;
    const nameMatch = TAG_NAME_RE.exec(text);
    const name = nameMatch?.[0] ?? '';
    if (!QNAME_RE.test(name)) fail(`"${text.slice(i, i + 20)}" does not start a valid element name.`);
    if (stack.length + 1 > limits.maxDepth) throw new XmlError('limit', `Elements are nested deeper than ${limits.maxDepth} levels.`);
    if (++elements > limits.maxElements) throw new XmlError('limit', `The request has more than ${limits.maxElements} elements.`);
    let at = i + 1 + name.length;
    const rawAttrs: { name: string; value: string }[] = [];
    let selfClosing = false;
    for (;;) {
      TAG_END_RE.lastIndex = at;
      const end = TAG_END_RE.exec(text);
      if (end) {
        selfClosing = end[1] === '/';
        at = TAG_END_RE.lastIndex;
        break;
      }
      ATTR_RE.lastIndex = at;
      const m = ATTR_RE.exec(text);
      if (!m) fail(`The start tag <${name}> is not well-formed (attributes need a space before them and quoted values without '<').`);
      const [, attrName = '', dq, sq] = m as RegExpExecArray;
      if (!QNAME_RE.test(attrName)) fail(`"${attrName}" is not a valid attribute name.`);
      if (rawAttrs.length + 1 > limits.maxAttributes) throw new XmlError('limit', `The element <${name}> has more than ${limits.maxAttributes} attributes.`);
      if (rawAttrs.some((a) => a.name === attrName)) fail(`The attribute ${attrName} appears twice on <${name}>.`);
      rawAttrs.push({ name: attrName, value: decode((dq ?? sq ?? '').replace(/[\t\n]/g, ' ')) });
      at = ATTR_RE.lastIndex;
    }

    // Namespaces: declarations on this element first, then resolve its name and its attributes.
    const parentScope = top ? top.scope : ROOT_SCOPE;
    let scope = parentScope;
    for (const a of rawAttrs) {
      const [p, l] = splitQName(a.name);
      const prefix = p === 'xmlns' ? l : a.name === 'xmlns' ? '' : null;
      if (prefix === null) continue;
      if (prefix !== '' && a.value === '') fail(`The prefix ${prefix} cannot be bound to an empty namespace.`);
      if (prefix === 'xmlns' || (prefix === 'xml') !== (a.value === XML_NS)) fail(`The prefix ${prefix} cannot be bound to ${a.value}.`);
      if (scope === parentScope) scope = new Map(parentScope);
      (scope as Map<string, string>).set(prefix, a.value);
    }
    const [prefix, local] = splitQName(name);
    const ns = scope.get(prefix);
    if (ns === undefined) fail(`The prefix ${prefix} of <${name}> is not bound to a namespace.`);
    const attrs: XmlAttr[] = [];
    const expanded = new Set<string>();
    for (const a of rawAttrs) {
      const [p, l] = splitQName(a.name);
      if (a.name === 'xmlns' || p === 'xmlns') continue;
      const attrNs = p === '' ? '' : scope.get(p);
      if (attrNs === undefined) fail(`The prefix ${p} of the attribute ${a.name} is not bound to a namespace.`);
      const key = `${attrNs}\u0000${l}`;
      if (expanded.has(key)) fail(`The attribute ${l} of namespace ${attrNs} appears twice on <${name}>.`);
      expanded.add(key);
      attrs.push({ name: a.name, ns: attrNs as string, local: l, value: a.value });
    }
    const node: XmlNode = { name, ns: ns as string, local, attrs, children: [], text: '' };
    if (top) top.node.children.push(node);
    i = at;
    if (selfClosing) {
      if (!top) {
        root = node;
        break;
      }
    } else {
      stack.push({ node, scope });
    }
  }
  if (!root) fail(stack.length ? `The element <${(stack[stack.length - 1] as Open).node.name}> is not closed.` : 'The request holds no XML element.');
  const after = skipMisc(text, i);
  if (after < text.length) fail('Only comments and whitespace may follow the root element.');
  return root as XmlNode;
}

/** Attribute value by namespace and local name. */
export function attrOf(node: XmlNode, ns: string, local: string): string | undefined {
  return node.attrs.find((a) => a.ns === ns && a.local === local)?.value;
}
