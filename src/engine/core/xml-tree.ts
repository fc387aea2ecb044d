/**
 * The XML the engine writes (EDMX, WSDL, SOAP answers and faults, JUnit reports) as trees, serialized
 * by fast-xml-parser's XMLBuilder: escaping and indentation come from the library, never from string
 * templates. A tree is the builder's ordered form: an element is `{ [name]: children, ':@': attributes }`,
 * a text node `{ '#text': value }`.
 */
import { XMLBuilder } from 'fast-xml-parser';

/** One node of a tree, as `el` makes it (the builder's ordered form; opaque to callers). */
export interface XmlItem {
  readonly [key: string]: unknown;
}

/** Attribute values; an undefined one is left out. */
export type XmlAttrs = Readonly<Record<string, string | number | undefined>>;

/** A child: an element, or text (escaped by the builder). */
export type XmlChild = XmlItem | string;

const TEXT = '#text';
const ATTRS = ':@';

/** An element; empty ones are written self-closed (`<Key/>`). */
export function el(name: string, attrs?: XmlAttrs, children: readonly XmlChild[] = []): XmlItem {
  const item: Record<string, unknown> = { [name]: children.map((c) => (typeof c === 'string' ? { [TEXT]: c } : c)) };
  const set = attrs ? Object.entries(attrs).filter((a): a is [string, string | number] => a[1] !== undefined) : [];
  if (set.length) item[ATTRS] = Object.fromEntries(set.map(([k, v]) => [k, String(v)]));
  return item;
}

const OPTIONS = { preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: '', suppressEmptyNode: true } as const;
const compact = new XMLBuilder(OPTIONS);
const indented = new XMLBuilder({ ...OPTIONS, format: true, indentBy: '  ' });

export interface XmlDocumentOptions {
  /** As the declaration spells it (the EDMX says utf-8, SOAP and WSDL UTF-8). */
  encoding: 'UTF-8' | 'utf-8';
  /** Indented by two spaces, one element a line, ending in a newline; otherwise all on one line. */
  indent?: boolean;
}

/** `<?xml version="1.0" encoding="…"?>` and the tree. */
export function xmlDocument(root: XmlItem, { encoding, indent = false }: XmlDocumentOptions): string {
  const declaration = { '?xml': [], [ATTRS]: { version: '1.0', encoding } };
  return indent ? `${indented.build([declaration, root])}\n` : compact.build([declaration, root]);
}

/** One element on one line, without a declaration: a piece of a larger text (the console's ready requests). */
export function xmlFragment(item: XmlItem): string {
  return compact.build([item]);
}
