import { describe, expect, it } from 'vitest';
import { ERROR_CATALOG } from '../../../src/engine/products/odata/errors/catalog.ts';
import { odataEnv } from '../helpers.ts';

describe('error catalog (spec 001 § Errors): every entry reproduces on a freshly seeded environment', () => {
  it('codes are unique and every reproducible entry answers its expected status', async () => {
    const codes = ERROR_CATALOG.map((x) => x.code);
    expect(new Set(codes).size).toBe(codes.length);
    const e = await odataEnv();
    const failures: string[] = [];
    for (const entry of ERROR_CATALOG) {
      const r = entry.reproduce;
      if (!r) continue;
      const headers: Record<string, string> = { ...(r.headers ?? {}) };
      if (r.auth === 'basic') headers.authorization = e.auth;
      const res = await e.sim.fetch(`${e.base}${r.path}`, { method: r.method, headers, body: r.body });
      const text = await res.text();
      if (res.status !== r.expectStatus) failures.push(`${entry.code}: ${r.method} ${r.path} -> ${res.status} ${text.slice(0, 200)}`);
      if (r.expectStatus === 200 && entry.status !== 200) {
        // per-item batch refusals: the inner status is the entry's status
        const statuses = (JSON.parse(text).responses as { status: number }[]).map((x) => x.status);
        if (!statuses.includes(entry.status)) failures.push(`${entry.code}: inner statuses ${statuses.join(',')}`);
      }
    }
    expect(failures).toEqual([]);
    expect(e.sim.engine.stats.unhandledErrors).toBe(0);
  });
});

describe('product catalog (issue 4 § 1: definitions drive the UI)', () => {
  it('resources come from the form definitions, with children', async () => {
    const { odataCatalog } = await import('../../../src/engine/products/odata/catalog.ts');
    const cat = odataCatalog();
    expect(cat.resources.map((r) => r.name)).toEqual(['CUSTOMERS', 'AINVOICES', 'TINVOICES', 'PAY', 'ACCOUNTS_RECEIVABLE']);
    const inv = cat.resources.find((r) => r.name === 'AINVOICES')!;
    expect(inv.keys).toEqual(['IVNUM', 'DEBIT', 'IVTYPE']);
    expect(inv.children).toEqual([{ name: 'AINVOICEITEMS_SUBFORM', title: 'Invoice Items' }]);
    expect(inv.columns.find((c) => c.name === 'IVNUM')).toMatchObject({ key: true, readOnly: true, type: 'Edm.String(16)' });
    const ids = cat.examples.map((x) => x.id);
    expect(new Set(ids).size).toBe(ids.length);
    const codes = cat.errors.map((x) => x.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('every example answers its expected status on a freshly seeded environment', async () => {
    const { odataCatalog } = await import('../../../src/engine/products/odata/catalog.ts');
    const failures: string[] = [];
    for (const x of odataCatalog().examples) {
      const e = await odataEnv();
      const headers: Record<string, string> = { ...(x.headers ?? {}) };
      if (x.auth === 'basic') headers.authorization = e.auth;
      if (x.auth === 'pat') headers.authorization = `Basic ${btoa(`${e.pat}:PAT`)}`;
      const url = `${e.base}${x.path}`.replace(/ /g, '%20');
      const res = await e.sim.fetch(url, { method: x.method, headers, body: x.body });
      if (res.status !== x.expectStatus) failures.push(`${x.id}: ${x.method} ${x.path} -> ${res.status} ${(await res.text()).slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
  });
});
