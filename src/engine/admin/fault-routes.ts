/**
 * Control routes of fault and latency injection (issue 12 § 2):
 *   GET    /environments/<key>/faults        -> {"items": [rule...]} (in creation order)
 *   POST   /environments/<key>/faults        -> 201 rule (bad input: 400, nothing stored)
 *   DELETE /environments/<key>/faults/<id>   -> 204 (unknown rule: 404)
 * Rules are rows of the environment (kind sim.fault-rule): they survive a restart and a reset.
 */
import type { Hono } from 'hono/tiny';
import { envNow } from '../core/clock.ts';
import { json } from '../core/http.ts';
import { unknownEnvironment } from '../core/sim-errors.ts';
import type { HostClock } from '../core/types.ts';
import type { FaultInjector } from '../faults/injector.ts';
import { FAULT_KIND, MAX_RULES, type FaultRule } from '../faults/types.ts';
import { validateRule } from '../faults/validate.ts';
import type { SimStore } from '../storage/store.ts';

export interface FaultRouteDeps {
  store: SimStore;
  faults: FaultInjector;
  clock: HostClock;
}

const bad = (message: string) => json({ error: message }, 400);

export function registerFaultRoutes(app: Hono, deps: FaultRouteDeps): void {
  const { store, faults } = deps;

  app.get('/environments/:key/faults', async (c) => {
    const key = c.req.param('key');
    if (!store.env(key)) return unknownEnvironment(key);
    const rules = faults.rules(await store.partial(key));
    return c.json({ items: rules.map((r) => faults.view(key, r)) });
  });

  app.post('/environments/:key/faults', async (c) => {
    const key = c.req.param('key');
    const env = store.env(key);
    if (!env) return unknownEnvironment(key);
    const text = await c.req.text().catch(() => '');
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return bad('The request body must be a JSON object describing one rule.');
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) return bad('The request body must be a JSON object describing one rule.');
    const checked = validateRule(body as Record<string, unknown>, env.product);
    if (!checked.ok) return bad(checked.error);
    const input = checked.rule;
    const existing = faults.rules(await store.partial(key));
    if (existing.length >= MAX_RULES) return bad(`An environment holds at most ${MAX_RULES} fault rules; remove one first.`);
    const rule = await store.write(key, (tx) => {
      const taken = new Set(tx.list<FaultRule>(FAULT_KIND).map((r) => r.id));
      let n = tx.list(FAULT_KIND).length + 1;
      while (taken.has(`fault-${n}`)) n++;
      const row: FaultRule = { ...input, id: `fault-${n}`, fired: 0, createdAt: envNow(deps.clock, env).toISOString() };
      tx.put(FAULT_KIND, row.id, row);
      return row;
    });
    faults.forget(key, rule.id);
    return c.json(rule, 201, { location: `${new URL(c.req.url).pathname}/${rule.id}` });
  });

  app.delete('/environments/:key/faults/:id', async (c) => {
    const key = c.req.param('key');
    if (!store.env(key)) return unknownEnvironment(key);
    const id = c.req.param('id');
    const found = await store.write(key, (tx) => {
      if (!tx.get(FAULT_KIND, id)) return false;
      tx.delete(FAULT_KIND, id);
      return true;
    });
    if (!found) return json({ error: `No fault rule '${id}' in this environment.` }, 404);
    faults.forget(key, id);
    return c.body(null, 204);
  });
}
