/**
 * Query-string handling (spec 001 § Query options): option names are case-insensitive and may be
 * percent-encoded; unknown $-options and non-$ parameters are ignored; a duplicated honoured
 * option (any case) is the bare 404, except that a repeat with an empty value does not count.
 */
import { BareNotFound } from '../errors/envelope.ts';

export type OptionName = '$select' | '$filter' | '$orderby' | '$top' | '$skip' | '$expand' | '$since';

/** Options honoured on collection reads (sets and subform collections, and /$count). */
export const COLLECTION_OPTIONS: readonly OptionName[] = ['$select', '$filter', '$orderby', '$top', '$skip', '$expand', '$since'];
/** Options looked at on item reads: $filter, $top and $skip are not parsed there. */
export const ITEM_OPTIONS: readonly OptionName[] = ['$select', '$expand', '$orderby'];

/** Form-style decoding: `+` is a space, then percent-decoding. Throws on a malformed escape. */
export function decodeComponent(s: string): string {
  return decodeURIComponent(s.replace(/\+/g, ' '));
}

/** The raw query string of a URL (without `?`), or ''. */
export function rawQuery(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return '';
  const hash = url.indexOf('#', q);
  return url.slice(q + 1, hash < 0 ? undefined : hash);
}

/**
 * Read the honoured options of a query string. Throws BareNotFound for a duplicated honoured
 * option or a malformed percent-escape in an honoured option's name or value.
 */
export function readOptions(query: string, honoured: readonly OptionName[]): Map<OptionName, string> {
  const out = new Map<OptionName, string>();
  if (query === '') return out;
  for (const piece of query.split('&')) {
    if (piece === '') continue;
    const eq = piece.indexOf('=');
    const rawName = eq < 0 ? piece : piece.slice(0, eq);
    let name: string;
    try {
      name = decodeComponent(rawName).toLowerCase();
    } catch {
      if (rawName.includes('$') || /%24/i.test(rawName)) throw new BareNotFound('malformed option name');
      continue; // a non-$ parameter is ignored whatever it looks like
    }
    if (!(honoured as readonly string[]).includes(name)) continue;
    let value: string;
    try {
      value = eq < 0 ? '' : decodeComponent(piece.slice(eq + 1));
    } catch {
      throw new BareNotFound('malformed option value');
    }
    if (value === '') continue; // an empty repeat does not count; an empty option is absent
    if (out.has(name as OptionName)) throw new BareNotFound('duplicated option');
    out.set(name as OptionName, value);
  }
  return out;
}
