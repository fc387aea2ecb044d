// The console's "send N times" (issue 39 § 3: every new answer, the real-limits 429 included, is
// reproducible in one click): calls go one after the other, the tally reads "100 × 200, 1 × 429", a
// reproduction stops at its status, a cancel stops between calls, and a repeat that misses the
// expected status says why.
import { describe, expect, it } from 'vitest';
import { MAX_REPEAT, repeatCount, repeatSend, tallyText, whyMissed } from '../../src/app/lib/repeat.ts';

/** A fake service: answers `statuses` in order, and records how many calls ran at once. */
function service(statuses: number[]) {
  let i = 0;
  let inFlight = 0;
  let most = 0;
  return {
    once: async () => {
      inFlight++;
      most = Math.max(most, inFlight);
      await Promise.resolve();
      inFlight--;
      return { status: statuses[i++] ?? 200 };
    },
    calls: () => i,
    most: () => most,
  };
}

describe('repeatSend', () => {
  it('sends every call one after the other and tallies the statuses in the order they came', async () => {
    const s = service([...Array<number>(100).fill(200), 429]);
    const seen: number[] = [];
    const out = await repeatSend(101, s.once, { progress: (sent) => seen.push(sent) });
    expect(out).toMatchObject({ sent: 101, cancelled: false, stopped: false, last: { status: 429 } });
    expect(tallyText(out.tally)).toBe('100 × 200, 1 × 429');
    expect(s.most()).toBe(1);
    expect(seen).toEqual(Array.from({ length: 101 }, (_, k) => k + 1));
  });

  it('a reproduction stops at the first answer with its status (calls of the last minute counted too)', async () => {
    const s = service([200, 200, 429, 200]);
    const out = await repeatSend(101, s.once, { stop: (a) => a.status === 429 });
    expect(out).toMatchObject({ sent: 3, stopped: true, last: { status: 429 } });
    expect(s.calls()).toBe(3);
  });

  it('a stop on the last call is not "stopped early"', async () => {
    const out = await repeatSend(2, service([200, 429]).once, { stop: (a) => a.status === 429 });
    expect(out.stopped).toBe(false);
  });

  it('a cancel stops before the next call; the calls already answered stay counted', async () => {
    const abort = new AbortController();
    const s = service([]);
    const out = await repeatSend(50, s.once, { signal: abort.signal, progress: (sent) => sent === 7 && abort.abort() });
    expect(out).toMatchObject({ sent: 7, cancelled: true });
    expect(s.calls()).toBe(7);
    expect(tallyText(out.tally)).toBe('7 × 200');
  });

  it('a call that fails (the network) ends the repeat with its error', async () => {
    let n = 0;
    await expect(repeatSend(5, async () => (++n === 3 ? Promise.reject(new Error('offline')) : { status: 200 }))).rejects.toThrow('offline');
    expect(n).toBe(3);
  });
});

describe('repeatCount', () => {
  it('keeps a typed count between 1 and the maximum', () => {
    expect(repeatCount('101')).toBe(101);
    expect(repeatCount(0)).toBe(1);
    expect(repeatCount(-5)).toBe(1);
    expect(repeatCount('x')).toBe(1);
    expect(repeatCount(2.7)).toBe(2);
    expect(repeatCount(1e9)).toBe(MAX_REPEAT);
  });
});

describe('whyMissed: a repeat that did not get the expected status says why', () => {
  const base = { expected: 429, times: 101, sent: 101, tally: [[200, 101]] as [number, number][], cancelled: false, needsProfile: 'real-product' as const };
  it('the spec profile never throttles', () => {
    expect(whyMissed({ ...base, profile: 'spec' })).toMatch(/^No 429: the environment is under the spec profile, which never throttles\. The answers: 101 × 200\. Switch its real-limits profile on \(beside the request/);
  });
  it('a clock that moved a minute or more during the calls', () => {
    expect(whyMissed({ ...base, profile: 'real-product', clockMovedMs: 90_000 })).toMatch(/clock moved 90 s during the 101 calls/);
  });
  it('otherwise: what the throttle counts', () => {
    expect(whyMissed({ ...base, profile: 'real-product', clockMovedMs: 3_000 })).toMatch(/each user's calls within a minute of the environment's clock: .*a restarted service worker or host starts counting again/);
  });
  it('a cancel', () => {
    expect(whyMissed({ ...base, sent: 40, tally: [[200, 40]], cancelled: true, profile: 'real-product' })).toBe('No 429 yet: cancelled after 40 of 101 calls. The answers: 40 × 200.');
  });
});
