import { Hono } from 'hono/tiny';
import type { ProductApp, ProductBindings } from './types.ts';

/**
 * A product router. It routes on the path after the environment base (EnvContext.path), kept
 * percent-encoded, and lets errors escape to the engine's boundary (which counts them and
 * answers a bodyless-stack 500).
 */
export function createProductApp(): ProductApp {
  const app = new Hono<ProductBindings>({ getPath: (_req, opts) => opts?.env?.path || '/' });
  app.onError((err) => {
    throw err;
  });
  return app;
}
