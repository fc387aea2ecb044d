// A long body is redacted only as far as the entry keeps it (issue 42 § Reads ahead of every peer:
// redacting the 24,000 characters read of a page to keep 4,096 was a seventh of a page's time), and
// the entry keeps no more than redacting the whole text and cutting it would (issue 12 § 1: secrets never
// enter the journal, redaction before truncation; issue 26: in any form they are written). Generated:
// long texts of filler, the host's secrets as written, percent-, JSON- and base64-escaped, and runs
// of other hex digits, so that redaction shortens the text across the cut (many secrets before it)
// and secrets straddle every boundary of the part read.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { textResponse } from '../../src/engine/core/http.ts';
import { Journal } from '../../src/engine/journal/journal.ts';
import { MemoryJournalPersistence } from '../../src/engine/journal/memory-persistence.ts';
import { redactSecrets } from '../../src/engine/journal/secret-text.ts';
import type { SecretIndex } from '../../src/engine/journal/secrets.ts';
import { BODY_LIMIT } from '../../src/engine/journal/types.ts';

const SECRETS = ['0123456789abcdef0123456789abcdef', 'fedcba9876543210fedcba9876543210fedcba9876543210fedcba9876543210', 'c0ffee00c0ffee00c0ffee00c0ffee11'];
const isSecret = async (c: string) => SECRETS.includes(c);
/** What the host's SecretIndex does, over a fixed set of secrets. */
const secrets = { redact: (text: string) => redactSecrets(text, isSecret), redactDeep: async <T,>(v: T) => v } as unknown as SecretIndex;

const percent = (s: string) => [...s].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('');
const written = fc.oneof(
  fc.constantFrom(...SECRETS),
  fc.constantFrom(...SECRETS).map(percent),
  fc.constantFrom(...SECRETS).map((s) => [...s].map((c) => `\\u00${c.charCodeAt(0).toString(16)}`).join('')),
  fc.constantFrom(...SECRETS).map((s) => btoa(`client:${s}`)),
);
/** Pieces of a text: filler up to `filler` characters long between secrets and other hex digits. */
const pieces = (filler: number) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.string({ unit: fc.constantFrom(...'xyz "{}:,.\n'), minLength: 1, maxLength: filler }) },
    { weight: 2, arbitrary: written },
    { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 20, maxLength: 80 }) },
  );
// A JSON page's start, so the field redaction (redact.ts) leaves every text as it is, whole or cut.
// Sparse secrets; and dense ones, whose redaction shortens the part read by more than its margin.
const page = (parts: string[]) => `{"items":[${parts.join('')}`;
const sparse = fc.array(pieces(900), { minLength: 20, maxLength: 160 }).map(page);
const dense = fc.array(pieces(40), { minLength: 180, maxLength: 260 }).map(page);

const info = { env: 'env_k', product: 'receivables' as const, service: 'rest' as const, path: '/x', at: '2026-03-15T10:00:00.000Z' };

describe('a long answer in the journal', () => {
  it.each([
    ['sparse', sparse, 150],
    ['dense', dense, 25],
  ] as const)('keeps no secret nor part of one, and no more than the whole text redacted would (%s secrets)', async (_, body, numRuns) => {
    await fc.assert(
      fc.asyncProperty(body, async (text) => {
        const journal = new Journal(new MemoryJournalPersistence(), { secrets, flushDelayMs: 0 });
        await journal.begin(new Request('http://sim.test/x'), info).finish(textResponse(text, { status: 200, headers: { 'content-type': 'application/json' } }));
        await journal.settled();
        const [entry] = await journal.read('env_k', { limit: 1 });
        const kept = entry?.response.body as string;
        // Redacted whole, the text would keep at least as much: the entry never keeps more than that.
        const whole = await redactSecrets(text, isSecret);
        const cut = text.length > 2 * BODY_LIMIT;
        if (!cut) expect(kept).toBe(whole.length > BODY_LIMIT ? `${whole.slice(0, BODY_LIMIT)}… [truncated: ${whole.length} characters]` : whole);
        else expect(kept.endsWith('… [truncated]') && whole.startsWith(kept.slice(0, -'… [truncated]'.length).replace(/\[redacted\][^]*$/, ''))).toBe(true);
        for (const s of SECRETS) for (let at = 0; at + 16 <= s.length; at += 8) expect(kept).not.toContain(s.slice(at, at + 16));
      }),
      { numRuns },
    );
  }, 120_000);
});
