/**
 * Read performance target (issue 4 § Targets): GET /CUSTOMERS?$filter=STATDES eq 'Active'&$top=25
 * &$orderby=CUSTNAME at 100k customers takes at most 3x its time at 1k and under 50 ms. Measured on
 * the product router over an in-memory cache (the engine's EnvCache), identity already verified.
 */
import { describe, expect, it } from 'vitest';
import type { CredentialService, EnvContext, Environment } from '../../../src/engine/core/types.ts';
import { ROOT_SEGMENTS } from '../../../src/engine/products/odata/config.ts';
import { CHANGED_AT, CUSTOMERS } from '../../../src/engine/products/odata/forms/index.ts';
import { odata } from '../../../src/engine/products/odata/product.ts';
import { EnvCache } from '../../../src/engine/storage/env-cache.ts';

const ROOT = `/odata/${ROOT_SEGMENTS.join('/')}`;
const QUERY = `/CUSTOMERS?$filter=${encodeURIComponent("STATDES eq 'Active'")}&$top=25&$orderby=CUSTNAME`;

function envWith(n: number): EnvContext {
  const data = new EnvCache();
  let seed = 12345;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  for (let i = 0; i < n; i++) {
    const name = `C${String(Math.floor(rnd() * 1e9)).padStart(9, '0')}${i}`;
    data.load('CUSTOMERS', name, {
      CUSTNAME: name,
      CUSTDES: `Customer ${i}`,
      STATDES: rnd() < 0.7 ? 'Active' : 'Potential',
      MAX_CREDIT: `${i % 1000}.50`,
      CREATEDDATE: '2025-01-01T00:00:00Z',
      [CHANGED_AT]: '2025-01-01T00:00:00.000Z',
    });
  }
  const credentials: CredentialService = {
    verify: async () => ({ id: 'c', type: 'api-user', name: 'apiuser', owner: null, privileges: [], scope: null, salt: '', hash: '', createdAt: '' }),
    byId: () => undefined,
  };
  const env: Environment = { key: 'env_perf', product: 'odata', name: 'perf', createdAt: '', clockOffsetMs: 0, idSeq: 0, tenantId: '0' };
  return { env, baseUrl: 'http://h/sim/env_perf', path: '', now: () => new Date(), data, write: async () => { throw new Error('read-only'); }, credentials };
}

async function timeQuery(ctx: EnvContext, runs: number): Promise<{ median: number; first: number; count: number }> {
  const [pathname, search] = QUERY.split('?') as [string, string];
  const call = async () => {
    const req = new Request(`http://h/sim/env_perf${ROOT}${pathname}?${search}`, { headers: { authorization: `Basic ${btoa('apiuser:pw')}` } });
    const res = await odata.app.fetch(req, { ...ctx, path: `${ROOT}${pathname}` });
    const body = await res.json();
    return body.value.length as number;
  };
  let t = performance.now();
  const count = await call();
  const first = performance.now() - t;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    t = performance.now();
    await call();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)] as number, first, count };
}

describe('collection read performance (issue 4 § Targets)', () => {
  it('100k customers: at most 3x the 1k time and under 50 ms', async () => {
    const results: Record<number, { median: number; first: number; count: number }> = {};
    for (const n of [1_000, 10_000, 100_000]) results[n] = await timeQuery(envWith(n), 200);
    console.log(
      'perf',
      Object.entries(results).map(([n, r]) => `${n}: median ${r.median.toFixed(3)} ms (first call with index build ${r.first.toFixed(1)} ms)`).join('; '),
    );
    for (const r of Object.values(results)) expect(r.count).toBe(25);
    const r1k = results[1_000]!;
    const r100k = results[100_000]!;
    expect(r100k.median).toBeLessThan(50);
    expect(r100k.median).toBeLessThanOrEqual(3 * r1k.median);
    void CUSTOMERS;
  }, 120_000);
});
