/**
 * Inner request urls of a JSON $batch (spec 001 § $batch rules 1 and 3): root-relative (a leading
 * slash allowed) or the exact full OData base plus a path. Host, scheme, key and casing must match
 * byte-exactly; climbing above the base (dot segments) is foreign. The root is addressable as the
 * base with or without a slash, or a bare slash.
 */

export type InnerUrl =
  | { ok: true; /** Path below the OData root, '' for the root itself, starting with '/' otherwise. */ path: string; query: string }
  | { ok: false; reason: 'foreign' };

/** A leading `$name` back-reference (not a system resource such as $metadata or $batch). */
export function backReference(url: string): string | null {
  const m = /^\$([^/?#]+)/.exec(url);
  if (!m) return null;
  const name = m[1] as string;
  return name === 'metadata' || name === 'batch' ? null : name;
}

const isDot = (seg: string) => /^(\.|%2e)$/i.test(seg);
const isDotDot = (seg: string) => /^(\.|%2e){2}$/i.test(seg);

/** Remove dot segments; null when they climb above the base. */
function normalize(path: string): string | null {
  const out: string[] = [];
  const segs = path.split('/');
  for (let i = 0; i < segs.length; i++) {
    const seg = segs[i] as string;
    if (isDot(seg)) continue;
    if (isDotDot(seg)) {
      if (out.length === 0) return null;
      out.pop();
      continue;
    }
    out.push(seg);
  }
  return out.join('/');
}

/**
 * Resolve an inner url against the absolute OData base (`https://host/sim/env_…/odata/P/t/c`).
 */
export function resolveInnerUrl(url: string, base: string): InnerUrl {
  let rest: string;
  if (url.startsWith(base)) {
    rest = url.slice(base.length);
    if (rest !== '' && !rest.startsWith('/') && !rest.startsWith('?')) return { ok: false, reason: 'foreign' };
  } else if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(url) || url.startsWith('//')) {
    return { ok: false, reason: 'foreign' }; // another scheme, host, key or casing
  } else {
    rest = url.startsWith('/') ? url : `/${url}`;
  }
  const hash = rest.indexOf('#');
  if (hash >= 0) rest = rest.slice(0, hash);
  const qi = rest.indexOf('?');
  const rawPath = qi >= 0 ? rest.slice(0, qi) : rest;
  const query = qi >= 0 ? rest.slice(qi + 1) : '';
  const trimmed = rawPath.replace(/^\//, '');
  const normal = normalize(trimmed);
  if (normal === null) return { ok: false, reason: 'foreign' };
  return { ok: true, path: normal === '' ? '' : `/${normal}`, query };
}
