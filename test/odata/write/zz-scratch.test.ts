import { vi } from 'vitest';
vi.mock('../../../src/engine/products/odata/wiring.ts', async () => {
  const w = await import('../../../src/engine/products/odata/write/routes.ts');
  const b = await import('../../../src/engine/products/odata/batch/handler.ts');
  return { registerWrites: w.registerWriteRoutes, batchHandler: b.handleBatch };
});
await import('./body.test.ts');
await import('./customers.test.ts');
await import('./invoices.test.ts');
await import('../batch/batch.test.ts');
await import('./catalog.test.ts');
await import('../batch/client.test.ts');
