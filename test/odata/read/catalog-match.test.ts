// Which catalog entry an OData answer is, as the console and the journal explain it (spec 001 § Errors;
// the same matcher as receivables, src/engine/journal/catalog-match.ts). A sweep over the whole
// catalog: each entry's own request, sent as a user types it (no "this reproduces X" hint), must be
// explained as that entry (the real-limits throttle's included: its request repeated under that
// profile, issue 39 § 3 "every new answer ... reproducible in one click"). Found by the console typed by hand: an OData answer carries its status as
// its code, so the message, and for the empty answers the request itself, must say which entry it is.
import { describe, expect, it } from 'vitest';
import { matchCatalog } from '../../../src/engine/journal/catalog-match.ts';
import { odataCatalog } from '../../../src/engine/products/odata/catalog.ts';
import { odataEnv } from '../helpers.ts';

const errors = odataCatalog().errors;

describe('OData catalog match (spec 001 § Errors)', () => {
  it('every entry with a reproducing request is the one entry its own answer matches', async () => {
    const wrong: string[] = [];
    for (const entry of errors) {
      const r = entry.reproduce;
      if (!r) continue;
      const e = await odataEnv();
      // A reproduction that needs a limits profile and many calls (the real-limits throttle) is sent
      // as the console sends it: the profile switched on, the request repeated until its status.
      if (r.limitsProfile) expect((await e.sim.admin('PUT', `/environments/${e.key}/limits`, { profile: r.limitsProfile })).status).toBe(200);
      const headers: Record<string, string> = { ...(r.headers ?? {}) };
      if (r.auth === 'basic') headers.authorization = e.auth;
      let res = await e.sim.fetch(`${e.base}${r.path}`, { method: r.method, headers, body: r.body });
      let sent = 1;
      for (; sent < (r.repeat ?? 1) && res.status !== r.expectStatus; sent++) {
        await res.body?.cancel();
        res = await e.sim.fetch(`${e.base}${r.path}`, { method: r.method, headers, body: r.body });
      }
      // On a fresh environment the repeated request meets its status on its last call, not before.
      if (sent !== (r.repeat ?? 1)) wrong.push(`${entry.code}: ${res.status} after ${sent} of ${r.repeat} calls`);
      const body = await res.text();
      // A $batch's refusals of single operations are inside its 200: the console explains each part.
      if (res.status === 200) continue;
      const match = matchCatalog(errors, { status: res.status, body, method: r.method, path: r.path });
      if (match?.entries.length !== 1 || match.entries[0] !== entry) wrong.push(`${entry.code}: ${res.status} ${match?.how ?? 'none'} ${match?.entries.slice(0, 3).map((x) => x.code).join(' / ') ?? ''}`);
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('a plain-text answer is its own message: a $batch sent with no Content-Type at all (spec 001 § $batch 2)', () => {
    const body = 'The batch request must have a "Content-Type" header.';
    const match = matchCatalog(errors, { status: 400, body, method: 'POST', path: '/odata/Priority/tabula.ini/demo/$batch' });
    expect(match?.entries.map((e) => e.code)).toEqual(['batch.missingContentType']);
  });
});
