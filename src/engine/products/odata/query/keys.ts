/**
 * Key predicates (spec 001 § Query options, Key addressing): string keys quoted, apostrophes
 * doubled, composite keys named and order-insensitive, the named form also on single keys.
 * Anything else (unquoted string, extra/duplicated/missing part) is malformed: the caller answers
 * the bare 404.
 */
import type { FormDef } from '../forms/index.ts';

export type KeyValues = Record<string, string | number>;

/** Parse a quoted literal starting at `s[i] === "'"`; returns the value and the index after it. */
export function readQuoted(s: string, i: number): { value: string; end: number } | null {
  if (s[i] !== "'") return null;
  let out = '';
  let j = i + 1;
  while (j < s.length) {
    const ch = s[j] as string;
    if (ch === "'") {
      if (s[j + 1] === "'") {
        out += "'";
        j += 2;
        continue;
      }
      return { value: out, end: j + 1 };
    }
    out += ch;
    j++;
  }
  return null;
}

const INT = /^-?\d{1,16}$/;

function keyValue(form: FormDef, name: string, literal: string): string | number | null {
  const p = form.byName.get(name);
  if (!p || !p.key) return null;
  if (p.type === 'Edm.Int64') {
    if (!INT.test(literal)) return null;
    const n = Number(literal);
    if (!Number.isSafeInteger(n)) return null;
    // Key values match as text: a non-canonical literal (01, -0) addresses no row.
    return String(n) === literal ? n : literal;
  }
  const q = readQuoted(literal, 0);
  return q && q.end === literal.length ? q.value : null;
}

/** Split on commas outside quoted literals. */
function splitParts(s: string): string[] {
  const parts: string[] = [];
  let cur = '';
  let inQ = false;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i] as string;
    if (ch === "'") inQ = !inQ; // a doubled quote toggles twice: stays inside
    if (ch === ',' && !inQ) {
      parts.push(cur);
      cur = '';
    } else cur += ch;
  }
  parts.push(cur);
  return parts;
}

/**
 * Parse the (already percent-decoded) text between the parentheses of a key predicate.
 * Returns the key values by property name, or null when malformed.
 */
export function parseKeyPredicate(form: FormDef, text: string): KeyValues | null {
  if (text.length === 0) return null;
  const keys = form.keys;
  // Positional form: only for single-key forms.
  if (text.startsWith("'") || /^-?\d/.test(text)) {
    if (keys.length !== 1) return null;
    const v = keyValue(form, keys[0] as string, text);
    return v === null ? null : { [keys[0] as string]: v };
  }
  const out: KeyValues = {};
  for (const part of splitParts(text)) {
    const eq = part.indexOf('=');
    if (eq <= 0) return null;
    const name = part.slice(0, eq);
    if (!keys.includes(name) || name in out) return null;
    const v = keyValue(form, name, part.slice(eq + 1));
    if (v === null) return null;
    out[name] = v;
  }
  return keys.every((k) => k in out) ? out : null;
}

/** Quote a string for a key predicate or literal (apostrophes doubled). */
export function quote(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** Canonical key predicate text of a row: `('C1')` or `(IVNUM='T1',DEBIT='D',IVTYPE='A')`. */
export function keyPredicate(form: FormDef, values: Readonly<Record<string, unknown>>): string {
  const lit = (name: string) => {
    const v = values[name];
    return typeof v === 'number' ? String(v) : quote(String(v ?? ''));
  };
  if (form.keys.length === 1) return `(${lit(form.keys[0] as string)})`;
  return `(${form.keys.map((k) => `${k}=${lit(k)}`).join(',')})`;
}
