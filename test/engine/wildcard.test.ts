// Issue 19 § 2 and § Tests: fault-rule path patterns match in linear time; a property test against the
// glob as it was (a backtracking regular expression), on inputs small enough for that reference.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_PATTERN_LENGTH, wildcardMatcher } from '../../src/engine/faults/wildcard.ts';
import { createEnv, createTestSim } from '../support/sim.ts';

/** The matcher before issue 19 (faults/injector.ts): `*` → `.*`, the rest escaped, anchored. */
const reference = (pattern: string) => new RegExp(`^${pattern.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);

// A small alphabet (with regex metacharacters) makes matches and near misses likely.
const char = fc.constantFrom('a', 'b', 'e', '/', '.', '(', '$', '\\');
const path = fc.array(char, { maxLength: 24 }).map((cs) => cs.join(''));
const pattern = fc.array(fc.oneof(char, fc.constant('*')), { maxLength: 14 }).map((cs) => cs.join(''));

describe('wildcard matcher (issue 19 § 2)', () => {
  it('agrees with the old regular-expression glob on every pattern and path', () => {
    fc.assert(
      fc.property(pattern, path, (p, s) => {
        expect(wildcardMatcher(p).test(s)).toBe(reference(p).test(s));
      }),
      { numRuns: 20_000 },
    );
  });

  it('agrees on paths built to match: the pattern with each star filled', () => {
    fc.assert(
      fc.property(pattern, fc.array(path, { minLength: 15, maxLength: 15 }), (p, fills) => {
        const s = p.split('*').reduce((acc, piece, i) => (i === 0 ? piece : `${acc}${fills[i % fills.length]}${piece}`), '');
        expect(wildcardMatcher(p).test(s)).toBe(true);
        expect(reference(p).test(s)).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });

  it('the rules of the README: "*" alone, literal paths, prefix and suffix stars', () => {
    expect(wildcardMatcher('*').test('')).toBe(true);
    expect(wildcardMatcher('*/standardReceipts').test('/fscmRestApi/resources/11.13.18.05/standardReceipts')).toBe(true);
    expect(wildcardMatcher('*/standardReceipts').test('/fscmRestApi/resources/11.13.18.05/standardReceipts/1')).toBe(false);
    expect(wildcardMatcher('/oauth/token').test('/oauth/token')).toBe(true);
    expect(wildcardMatcher('/a*a').test('/a')).toBe(false); // head and tail may not overlap
    expect(wildcardMatcher('**').test('x')).toBe(true);
  });

  it('a pattern longer than 256 characters is refused with 400, nothing stored', async () => {
    const sim = await createTestSim();
    const env = await createEnv(sim, 'receivables');
    const long = `/${'a'.repeat(MAX_PATTERN_LENGTH)}`;
    const res = await sim.admin('POST', `/environments/${env.key}/faults`, { kind: 'status', status: 503, path: long });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('at most 256 characters');
    expect((await sim.admin('GET', `/environments/${env.key}/faults`)).body.items).toEqual([]);
    const ok = await sim.admin('POST', `/environments/${env.key}/faults`, { kind: 'status', status: 503, path: long.slice(0, MAX_PATTERN_LENGTH) });
    expect(ok.status).toBe(201);
  });
});
