/**
 * `erp-integration-simulator/vitest`: a Vitest `test` whose `env` fixture hands each test a clean
 * environment (the clean-slate `env.reset()`) on the one simulator the globalSetup
 * (`erp-integration-simulator/vitest/setup`) started. Each worker keeps a few environments per
 * product and clock and resets one before each test, which is faster than creating one; tests that
 * run concurrently each get their own.
 *
 *   import { test } from 'erp-integration-simulator/vitest';
 *   test('posts one receipt', async ({ env }) => { ... });
 *   test.scoped({ product: 'odata', clock: { now: '2026-05-01T09:00:00Z', frozen: true } });
 */
import { inject, test as base } from 'vitest';
import { connectSimulator, type Simulator } from './simulator.ts';
import type { SimEnvironment } from './environment.ts';
import type { ClockOption, ProductId } from './types.ts';
import type { ProvidedSimulator } from './vitest-setup.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    erpSimulator: ProvidedSimulator;
  }
}

export interface SimTestFixtures {
  /** The product of the test's environment (default `receivables`; `test.scoped({ product })`). */
  product: ProductId;
  /** The clock the test's environment starts with (default: host time; `test.scoped({ clock })`). */
  clock: ClockOption | undefined;
  /** A clean environment for this test. */
  env: SimEnvironment;
}

export interface SimWorkerFixtures {
  /** The run's simulator, connected once per worker. */
  simulator: Simulator;
  /** Environments this worker made, free ones ready to be reset and handed to the next test. */
  environmentPool: Map<string, SimEnvironment[]>;
}

export const test = base.extend<SimTestFixtures & SimWorkerFixtures>({
  simulator: [
    // Vitest reads the fixtures a fixture needs from its first parameter's pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const provided = inject('erpSimulator');
      if (!provided) throw new Error("erp-integration-simulator/vitest: no simulator was provided. Add globalSetup: ['erp-integration-simulator/vitest/setup'] to the Vitest config.");
      const sim = await connectSimulator({ url: provided.url, ...(provided.adminToken ? { adminToken: provided.adminToken } : {}) });
      await use(sim);
      await sim.close();
    },
    { scope: 'worker' },
  ],
  environmentPool: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use(new Map());
    },
    { scope: 'worker' },
  ],
  product: 'receivables',
  clock: undefined,
  env: async ({ simulator, environmentPool, product, clock }, use) => {
    const kind = JSON.stringify([product, clock ?? null]);
    const free = environmentPool.get(kind) ?? [];
    environmentPool.set(kind, free);
    let env = free.pop();
    if (env) await env.reset();
    else env = await simulator.createEnvironment({ product, ...(clock ? { clock } : {}) });
    try {
      await use(env);
    } finally {
      free.push(env);
    }
  },
});

export const it = test;
