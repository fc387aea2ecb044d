/** Pretty-printing of response bodies (JSON, XML, text) for the response viewer. */

export type BodyKind = 'json' | 'xml' | 'text' | 'empty';

export function bodyKind(contentType: string, body: string): BodyKind {
  if (body === '') return 'empty';
  const t = body.trimStart();
  if (/json/i.test(contentType) || ((t.startsWith('{') || t.startsWith('[')) && tryJson(body) !== undefined)) return tryJson(body) === undefined ? 'text' : 'json';
  if (/xml/i.test(contentType) || t.startsWith('<')) return 'xml';
  return 'text';
}

export function tryJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Indent XML by element nesting (display only; the raw view shows the exact bytes). */
export function prettyXml(xml: string): string {
  const tokens = xml.replace(/>\s+</g, '><').split(/(?=<)|(?<=>)/g);
  let depth = 0;
  const out: string[] = [];
  for (const tok of tokens) {
    if (!tok.trim()) continue;
    if (/^<\//.test(tok)) depth = Math.max(0, depth - 1);
    out.push('  '.repeat(depth) + tok);
    if (/^<[^!?/][^>]*[^/]>$/.test(tok) || /^<[a-zA-Z][^>]*>$/.test(tok) && !tok.endsWith('/>')) depth++;
  }
  // Put text content back on its element's line: <a>text</a>
  return out.join('\n').replace(/(<[^/!?][^>]*[^/]>)\n\s*([^<\n]+)\n\s*(<\/)/g, '$1$2$3');
}

export function statusClass(status: number): string {
  if (status >= 500) return 's5';
  if (status >= 400) return 's4';
  if (status >= 300) return 's3';
  return 's2';
}
