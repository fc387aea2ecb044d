/**
 * A small writer for the XML documents the engine generates from its own definitions (EDMX).
 * Writing a known tree is escaping plus indentation; a general XML builder library cost the
 * service-worker bundle 6 KB gzip for it. Untrusted XML input is parsed with the XML libraries.
 */
export interface XmlElement {
  name: string;
  attrs?: Readonly<Record<string, string | number | undefined>>;
  children?: readonly XmlElement[];
}

export function el(name: string, attrs?: XmlElement['attrs'], children?: readonly XmlElement[]): XmlElement {
  return { name, ...(attrs ? { attrs } : {}), ...(children ? { children } : {}) };
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

export function escapeXml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ESCAPES[c] ?? c);
}

function write(node: XmlElement, indent: string, out: string[]): void {
  let open = `${indent}<${node.name}`;
  for (const [k, v] of Object.entries(node.attrs ?? {})) if (v !== undefined) open += ` ${k}="${escapeXml(String(v))}"`;
  const children = node.children ?? [];
  if (children.length === 0) {
    out.push(`${open}/>`);
    return;
  }
  out.push(`${open}>`);
  for (const child of children) write(child, `${indent}  `, out);
  out.push(`${indent}</${node.name}>`);
}

/** `<?xml version="1.0" encoding="utf-8"?>` and the tree, indented by two spaces, empty elements self-closed. */
export function xmlDocument(root: XmlElement): string {
  const out = ['<?xml version="1.0" encoding="utf-8"?>'];
  write(root, '', out);
  return `${out.join('\n')}\n`;
}
