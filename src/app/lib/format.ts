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

/** Parse XML for the tree view; null when it is not well-formed (the viewer then shows the text). */
export function parseXml(text: string): { declaration: string | null; root: Element } | null {
  const doc = new DOMParser().parseFromString(text, 'application/xml');
  if (doc.getElementsByTagName('parsererror').length > 0 || !doc.documentElement) return null;
  return { declaration: /^\s*(<\?xml[^?]*\?>)/.exec(text)?.[1] ?? null, root: doc.documentElement };
}

export function statusClass(status: number): string {
  if (status >= 500) return 's5';
  if (status >= 400) return 's4';
  if (status >= 300) return 's3';
  return 's2';
}

/** "1 request", "3 requests". */
export function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** A journaled path as a person reads it (percent-escapes decoded when they decode). */
export function readablePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
