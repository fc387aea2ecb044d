// Issue 38 § 4 (GET an item ≤ 1.2x through a load balancer) with § 2's guarantees: the holder of an
// environment hands it over only under one-sided traffic, and never bounces a large one
// (src/hosts/node/postgres/traffic.ts). The cluster's use of it is tested on real hosts in
// postgres-handover.test.ts.
import { describe, expect, it } from 'vitest';
import { MIN_HOLD_MS, minHoldMs, SHARE, TrafficWindow, WINDOW } from '../../src/hosts/node/postgres/traffic.ts';

describe('the traffic window (which host sends an environment\'s requests)', () => {
  it('names a forwarding host once it sent SHARE of the last WINDOW requests, not before', () => {
    const w = new TrafficWindow();
    for (let i = 0; i < SHARE - 1; i++) expect(w.add('host-b')).toBeNull();
    expect(w.add('host-b')).toBe('host-b');
  });

  it('never names the holder itself (requests made to it directly)', () => {
    const w = new TrafficWindow();
    for (let i = 0; i < WINDOW * 3; i++) expect(w.add('')).toBeNull();
    // Then one-sided traffic from another host: named after SHARE of its requests.
    for (let i = 0; i < SHARE - 1; i++) expect(w.add('host-b')).toBeNull();
    expect(w.add('host-b')).toBe('host-b');
  });

  it('split traffic never moves it: any mix below seven eighths, over many windows, also with a third host', () => {
    for (const [b, a] of [
      [1, 1],
      [3, 1],
      [6, 1],
    ] as const) {
      const w = new TrafficWindow();
      for (let round = 0; round < WINDOW * 4; round++) {
        for (let i = 0; i < b; i++) expect(w.add('host-b')).toBeNull();
        for (let i = 0; i < a; i++) expect(w.add(round % 2 ? '' : 'host-c')).toBeNull();
      }
      // The same window, the traffic now one-sided: the window had fewer than SHARE from host-b.
      let named: string | null = null;
      for (let n = 0; n < SHARE && !named; n++) named = w.add('host-b');
      expect(named).toBe('host-b');
    }
  });

  it('forgets requests older than the window: after a burst from one host, the other one needs SHARE of its own', () => {
    const w = new TrafficWindow();
    for (let i = 0; i < SHARE - 1; i++) w.add('host-b');
    let named: string | null = null;
    let n = 0;
    while (!named && n <= WINDOW) {
      named = w.add('host-c');
      n++;
    }
    expect(named).toBe('host-c');
    expect(n).toBe(SHARE);
  });

  it('holds a small environment 5 s, one of 100k invoices (about 300k rows) at least a minute', () => {
    expect(minHoldMs(0)).toBe(MIN_HOLD_MS);
    expect(MIN_HOLD_MS).toBe(5000);
    expect(minHoldMs(300_000)).toBeGreaterThanOrEqual(60_000);
  });
});
