/**
 * Secrets never enter the journal (issue 12 § 1): credentials in headers, form and JSON fields,
 * query parameters, WS-Security passwords and issued tokens are replaced by "[redacted]" before an
 * entry is stored. Redaction runs on the whole text, before truncation, so no secret is cut in half.
 * This finds secrets by where they are sent (also wrong ones, which no environment knows); the
 * host's own secrets are then found wherever they are, in any shape (secrets.ts, issue 26).
 */
export const REDACTED = '[redacted]';

/** Headers whose whole value is a secret (Authorization keeps its scheme word: "Bearer [redacted]"). */
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key']);

/** Field names (form, JSON, query) whose values are secrets. */
const SECRET_FIELD = /^(client_secret|clientsecret|password|passwd|secret|access_token|refresh_token|id_token|token|client_assertion|assertion|pat|apikey|api_key)$/i;

export function redactHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (!SECRET_HEADERS.has(name)) out[name] = value;
    else if (name.endsWith('authorization')) {
      const scheme = /^\s*(\S+)\s+\S/.exec(value)?.[1];
      out[name] = scheme ? `${scheme} ${REDACTED}` : REDACTED;
    } else out[name] = REDACTED;
  });
  return out;
}

/** A URL query or form body with secret fields' values replaced (names and order kept). */
export function redactForm(text: string): string {
  return text
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        /* a malformed escape: compare the raw name */
      }
      return SECRET_FIELD.test(name) ? `${pair.slice(0, eq)}=${encodeURIComponent(REDACTED)}` : pair;
    })
    .join('&');
}

/** The path with secret query parameters redacted. */
export function redactPath(path: string): string {
  const q = path.indexOf('?');
  return q < 0 ? path : `${path.slice(0, q)}?${redactForm(path.slice(q + 1))}`;
}

/** The value with secret fields replaced; `found` tells whether anything was. */
function redactJsonValue(value: unknown, found: { any: boolean }): unknown {
  if (Array.isArray(value)) return value.map((v) => redactJsonValue(v, found));
  if (value && typeof value === 'object') {
    // No prototype: a key named `__proto__` stays a key instead of replacing the copy's prototype.
    const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    for (const [k, v] of Object.entries(value)) {
      if (SECRET_FIELD.test(k) && v !== null && typeof v !== 'object') {
        out[k] = REDACTED;
        found.any = true;
      } else out[k] = redactJsonValue(v, found);
    }
    return out;
  }
  return value;
}

/** A secret field's name as a JSON key is written when it has no escape in it. */
const QUOTED_SECRET_FIELD = new RegExp(`"(${SECRET_FIELD.source.slice(2, -2)})"`, 'i');

/**
 * Whether a JSON text may name a secret field: a key spelled with escapes (`"pass\u0077ord"`) could
 * hide one from the plain search, so a text with a backslash may. Parsing a page of a book only to
 * find no such field was a quarter of the journal's work on it (issue 22 § Also).
 */
const mayHoldSecretField = (text: string) => text.includes('\\') || QUOTED_SECRET_FIELD.test(text);

const SECRET_JSON_FIELD = new RegExp(`"(${SECRET_FIELD.source.slice(2, -2)})"\\s*:\\s*"(?:[^"\\\\]|\\\\.)*"?`, 'gi');

/** WS-Security passwords and nonces' neighbours: the text of any *Password element. */
function redactXml(text: string): string {
  return text.replace(/(<((?:[\w.-]+:)?Password)\b[^>]*>)([\s\S]*?)(<\/\2\s*>)/g, `$1${REDACTED}$4`);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A body as text with its secrets redacted, judged by content type and then by shape. */
export function redactBody(text: string, contentType: string | null, cut = false): string {
  if (text === '') return text;
  const type = (contentType ?? '').toLowerCase();
  const trimmed = text.trimStart();
  if (type.includes('json') || trimmed.startsWith('{') || trimmed.startsWith('[')) {
    // No secret field can be in it: the answer is the text whether it parses or not (below, a text
    // that fails to parse is only changed at such a field, as XML or as a form), so it is not parsed.
    if (!mayHoldSecretField(text) && !type.includes('xml') && !type.includes('x-www-form-urlencoded') && (trimmed.startsWith('{') || trimmed.startsWith('['))) return text;
    // A body cut short cannot be parsed: only then (or when it is no JSON after all) by pattern.
    const parsed = cut ? undefined : parseJson(text);
    if (parsed !== undefined) {
      const found = { any: false };
      const redacted = redactJsonValue(parsed, found);
      // Unchanged bodies keep their own layout (the console replays them as sent).
      return found.any ? JSON.stringify(redacted, null, 2) : text;
    }
    if (!trimmed.startsWith('<')) text = text.replace(SECRET_JSON_FIELD, (_m, name: string) => `"${name}": "${REDACTED}"`);
  }
  if (type.includes('xml') || trimmed.startsWith('<')) return redactXml(text);
  if (type.includes('x-www-form-urlencoded') || /^[\w.%+-]+=[^&]*(&[\w.%+-]+=[^&]*)*$/.test(text.trim())) return redactForm(text.trim());
  return text;
}

/** Keep at most `limit` characters, saying how much was cut. */
export function truncate(text: string, limit: number): string {
  const [kept, mark] = truncateParts(text, limit);
  return mark ? `${kept}${mark}` : kept;
}

/** `truncate` as the text kept and the mark after it ('' when nothing was cut). */
export function truncateParts(text: string, limit: number): [string, string] {
  return text.length <= limit ? [text, ''] : [text.slice(0, limit), `… [truncated: ${text.length} characters]`];
}
