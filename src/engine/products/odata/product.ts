/**
 * The OData ERP service (spec 001). Request pipeline, in the order the spec fixes:
 *   x-deployment-id on 2xx (outermost; $batch inner reads add it themselves) -> hosting refusals -> /odata prefix + authentication ->
 *   path parse (bare 404) -> router: discovery, $batch, read-only refusal, PUT, reads ->
 *   write routes (POST/PATCH/DELETE on writable forms) -> bare 404.
 */
import type { Context } from 'hono';
import { createProductApp } from '../../core/product-app.ts';
import type { EnvContext, Product, ProductBindings } from '../../core/types.ts';
import { authGate, deploymentHeader, hostingGate, withDeploymentId } from './auth/gates.ts';
import { principalOf, setPrincipal } from './auth/principal.ts';
import { handleBatch, type Dispatch } from './batch/handler.ts';
import { seedBook } from './book/seed.ts';
import { ODATA_RECORD_KINDS } from './forms/record-kinds.ts';
import { writeSyntheticBook } from './book/synthetic.ts';
import { peekCounter } from './book/counters.ts';
import { seededRng, seedFrom } from '../../core/random.ts';
import { bare404, ODataError } from './errors/envelope.ts';
import { ControlRefusal } from '../../core/refusal.ts';
import { markInnerHead } from './query/target.ts';
import { answerGet, pathGate, readRouter } from './read/router.ts';
import { parseODataPath } from './query/path.ts';
import { registerWriteRoutes } from './write/routes.ts';

export const app = createProductApp();

/**
 * Run one $batch inner request through this same router with the caller's identity. `path` is
 * relative to the environment base (like EnvContext.path, percent-encoded). An inner HEAD is sent
 * as GET (marked) so its body survives Hono's HEAD stripping.
 */
export function makeDispatch(c: Context<ProductBindings>): Dispatch {
  const principal = principalOf(c);
  return async ({ method, url, path, body }) => {
    if (method === 'GET') {
      // Fast path for inner reads: the same answer the router gives a GET (gates passed: the
      // method is registered, the path is under /odata and the caller is authenticated).
      const parsed = parseODataPath(path);
      if (!parsed.ok) return bare404();
      if (parsed.target.type !== 'batch') {
        const env: EnvContext = { ...c.env, path };
        setPrincipal(env, principal);
        return withDeploymentId(await answerGet(env, url, parsed.target));
      }
    }
    const head = method === 'HEAD';
    const headers = body === undefined ? undefined : { 'content-type': 'application/json' };
    const req = new Request(url, { method: head ? 'GET' : method, headers, body });
    const env: EnvContext = { ...c.env, path };
    setPrincipal(env, principal);
    if (head) markInnerHead(env);
    return Promise.resolve(app.fetch(req, env));
  };
}

app.use('*', deploymentHeader);
app.use('*', hostingGate);
app.use('*', authGate);
app.use('*', pathGate);
app.use('*', readRouter((c) => handleBatch(c, makeDispatch(c))));
registerWriteRoutes(app);
app.all('*', () => bare404());

export const odata: Product = {
  id: 'odata',
  title: 'OData ERP service',
  defaultCredentials: [{ type: 'api-user', username: 'apiuser' }, { type: 'pat', owner: 'sarah' }],
  credentialTypes: ['api-user', 'pat'],
  seed: seedBook,
  // Seeded by the next customer number: each call continues the book with new random values.
  generate: async ({ tx, now, env, breathe }, count) => {
    const rng = seededRng(seedFrom(`${env.key}-${peekCounter(tx, 'CUST')}`));
    try {
      return { resource: 'CUSTOMERS', added: (await writeSyntheticBook(tx, { customers: count, now, rng, breathe })).customers };
    } catch (err) {
      // As receivables: a refusal of the book an import left is the control API's 400 (issue 26).
      if (err instanceof ODataError) throw new ControlRefusal(`Generate stopped: ${err.message}`);
      throw err;
    }
  },
  app,
  recordKinds: ODATA_RECORD_KINDS,
};
