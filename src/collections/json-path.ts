/**
 * The small JSON path the checks and captures use: `$`, `.name`, `['name']`, `[0]` (a negative index
 * counts from the end), e.g. `$.items[0].InvoiceNumber` or `$.value[-1].CUSTNAME`. Enough to point at
 * one value; filters and wildcards are not needed for "this id" or "this status".
 */

export type PathStep = string | number;

/** The steps of a path, or null when it is not one (`$` alone is the whole document). */
export function parsePath(path: string): PathStep[] | null {
  const p = path.trim();
  if (!p.startsWith('$')) return null;
  const steps: PathStep[] = [];
  const re = /\.([A-Za-z_$@][\w$@:-]*)|\[(-?\d+)\]|\[\s*'((?:[^'\\]|\\.)*)'\s*\]|\[\s*"((?:[^"\\]|\\.)*)"\s*\]/y;
  re.lastIndex = 1;
  while (re.lastIndex < p.length) {
    const at = re.lastIndex;
    const m = re.exec(p);
    if (!m || m.index !== at) return null;
    if (m[1] !== undefined) steps.push(m[1]);
    else if (m[2] !== undefined) steps.push(Number(m[2]));
    else steps.push((m[3] ?? m[4] ?? '').replace(/\\(.)/g, '$1'));
  }
  return steps;
}

/** The value at the path, or undefined when it is absent (or the path is not one). */
export function valueAt(doc: unknown, path: string): unknown {
  const steps = parsePath(path);
  if (!steps) return undefined;
  let v: unknown = doc;
  for (const s of steps) {
    if (v === null || typeof v !== 'object') return undefined;
    if (typeof s === 'number') {
      if (!Array.isArray(v)) return undefined;
      v = v[s < 0 ? v.length + s : s];
    } else {
      if (Array.isArray(v) || !Object.prototype.hasOwnProperty.call(v, s)) return undefined;
      v = (v as Record<string, unknown>)[s];
    }
  }
  return v;
}

/** A value as the text a check compares and a capture stores (strings as they are, the rest as JSON). */
export function textOf(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}
