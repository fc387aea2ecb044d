// Secrets found in any text, whatever its shape (issue 26 § What to reach: "match the
// environment's own secret values (and their URL- and XML-escaped forms) in any stored text, not
// only fields found by parsing"): unit tests of journal/secret-text.ts.
import { describe, expect, it } from 'vitest';
import { MAX_CANDIDATES, redactSecrets } from '../../src/engine/journal/secret-text.ts';

// Shaped as the simulator mints them: 32 hex (client secret, password), pat_ + 40 hex, 64 hex (token).
const SECRET = '9f3a7c21e8b4d60519c2e7f0a3b8d4c6';
const PAT = 'pat_4e1b9d7a2c0f8e3b6a5d1c9e7f2b0a4d8c6e1f3a';
const TOKEN = '5c2e9b1f7a3d8c0e4b6f2a9d1c7e5b3f0a8d6c4e2b9f1a7d3c5e8b0f6a2d4c1e';
const KNOWN = new Set([SECRET, PAT, TOKEN]);
const isSecret = async (c: string) => KNOWN.has(c);

const pct = (s: string) => [...s].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');
const dec = (s: string) => [...s].map((c) => `&#${c.charCodeAt(0)};`).join('');
const hexRef = (s: string) => [...s].map((c) => `&#x${c.charCodeAt(0).toString(16).toUpperCase()};`).join('');
const json = (s: string) => [...s].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');

describe('redactSecrets', () => {
  it.each([
    ['as written', (s: string) => s],
    ['in capitals', (s: string) => s.toUpperCase()],
    ['percent-escaped', pct],
    ['half percent-escaped', (s: string) => [...s].map((c, i) => (i % 2 ? pct(c) : c)).join('')],
    ['double percent-escaped', (s: string) => pct(s).replace(/%/g, '%25')],
    ['XML decimal references', dec],
    ['XML hex references', hexRef],
    ['XML references escaped again (&amp;#…;)', (s: string) => dec(s).replace(/&/g, '&amp;')],
    ['JSON \\u escapes', json],
    ['JSON escapes, then percent-escaped (a query string)', (s: string) => encodeURIComponent(json(s))],
    ['XML references, then percent-escaped', (s: string) => encodeURIComponent(hexRef(s))],
    ['percent-escaped three times', (s: string) => pct(s).replace(/%/g, '%2525')],
    ['a mixture, character by character', (s: string) => [...s].map((c, i) => [c, pct(c), dec(c), json(c), encodeURIComponent(hexRef(c))][i % 5]).join('')],
  ])('finds a secret %s, in a field no parser knows', async (_name, encode) => {
    for (const secret of KNOWN) {
      const text = `garbage <x:Pwd>${encode(secret)}</x:Pwd> --boundary\r\nname="nope"\r\n\r\n${encode(secret)}\r\n`;
      const out = await redactSecrets(text, isSecret);
      expect(out).not.toContain(encode(secret));
      expect(out.toLowerCase()).not.toContain(secret);
      expect(out).toContain('[redacted]');
    }
  });

  it('finds a secret inside HTTP Basic credentials (base64, standard or url-safe, any alignment)', async () => {
    for (const user of ['apiuser', 'a', 'ab', 'abc']) {
      const b64 = btoa(`${user}:${SECRET}`);
      const text = `{"headers": {"X-Auth": "Basic ${b64}"}, "also": "x${b64.replace(/\+/g, '-').replace(/\//g, '_')}"}`;
      const out = await redactSecrets(text, isSecret);
      expect(out).not.toContain(b64);
      expect(out).toContain('"Basic [redacted]"');
    }
    // A PAT as an OData client sends it: Basic base64("<pat>:PAT").
    const patAuth = btoa(`${PAT}:PAT`);
    expect(await redactSecrets(`Authorization: Basic ${patAuth}`, isSecret)).toBe('Authorization: Basic [redacted]');
  });

  it('a check that answers at once (a memoized candidate) redacts exactly as one that answers later', async () => {
    const texts = [`q=ff${SECRET}00 and Bearer ${TOKEN}`, `Authorization: Basic ${btoa(`${PAT}:PAT`)}`, encodeURIComponent(json(SECRET)), `${'ab'.repeat(20)} ${SECRET.toUpperCase()}`];
    for (const text of texts) expect(await redactSecrets(text, (c) => KNOWN.has(c))).toBe(await redactSecrets(text, isSecret));
  });

  it('finds a secret glued to other hex digits, and a token before its own halves', async () => {
    const out = await redactSecrets(`q=ff${SECRET}00 and Bearer ${TOKEN}`, isSecret);
    expect(out).toBe('q=ff[redacted]00 and Bearer [redacted]');
  });

  it('leaves what is no secret alone: environment keys, ids, other hex', async () => {
    const text = '/sim/env_00112233445566778899aabbccddeeff/x?id=300000000001351&h=ffffffffffffffffffffffffffffffff';
    expect(await redactSecrets(text, isSecret)).toBe(text);
  });

  it('redacts unchecked what would cost too much to check: very long hex runs, candidates past the budget', async () => {
    const long = 'ab'.repeat(200);
    expect(await redactSecrets(`x=${long};`, async () => false)).toBe('x=[redacted];');
    let asked = 0;
    const many = Array.from({ length: MAX_CANDIDATES + 10 }, (_, i) => i.toString(16).padStart(32, '0')).join(' ');
    const out = await redactSecrets(many, async () => {
      asked++;
      return false;
    });
    expect(asked).toBe(MAX_CANDIDATES);
    expect(out.match(/\[redacted\]/g)).toHaveLength(10);
  });
});
