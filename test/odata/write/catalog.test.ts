// Catalog examples answer their expected status on a freshly seeded environment (spec 001 write rules,
// § $batch, § Errors); the UI console sends exactly these requests.
import { describe, expect, it } from 'vitest';
import type { ExampleRequest } from '../../../src/engine/core/types.ts';
import { writeErrorEntries, writeErrorReproductions, writeExamples } from '../../../src/engine/products/odata/write/catalog.ts';
import { batchErrorEntries, batchErrorReproductions, batchExamples } from '../../../src/engine/products/odata/batch/catalog.ts';
import { createEnv, createTestSim } from '../../support/sim.ts';

const all: ExampleRequest[] = [...writeExamples, ...Object.values(writeErrorReproductions), ...batchExamples, ...Object.values(batchErrorReproductions)];

describe('write and batch catalog', () => {
  it('every example answers its expected status on a fresh environment', async () => {
    const sim = await createTestSim();
    for (const ex of all) {
      const env = await createEnv(sim, 'odata');
      const user = env.credentials.apiUsers[0];
      const headers: Record<string, string> = { authorization: `Basic ${btoa(`${user.username}:${user.password}`)}`, ...(ex.headers ?? {}) };
      const res = await sim.fetch(`${env.base}${ex.path}`, {
        method: ex.method,
        headers,
        // bytes, so that a missing Content-Type stays missing
        body: ex.body === undefined ? undefined : new TextEncoder().encode(ex.body),
      });
      expect({ id: ex.id, status: res.status }).toEqual({ id: ex.id, status: ex.expectStatus });
    }
  });

  it('every error entry has a reproduction and ids are unique', () => {
    for (const e of [...writeErrorEntries, ...batchErrorEntries]) expect(e.reproduce, e.code).toBeDefined();
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
  });
});
