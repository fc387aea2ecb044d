/**
 * AutoMatch as a product process (spec 000 § What the service does 4): caught up before the
 * environment answers, and driven through the control API, never through the receivables API.
 *   GET  /_admin/environments/<key>/automatch       settings, due times, recent runs
 *   PUT  /_admin/environments/<key>/automatch       change settings (weights, thresholds, schedule)
 *   POST /_admin/environments/<key>/automatch/run   run now: {applied, recommended, unmatched}
 */
import type { Context } from 'hono';
import { createProductApp } from '../../../core/product-app.ts';
import type { EnvContext, ProductBindings, ProductProcess } from '../../../core/types.ts';
import { dueTrigger, nextDueAt, recentRuns, runAndRecord, saveState, stateOf, type AutoMatchState } from './schedule.ts';
import { mergeSettings } from './settings.ts';

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

function overview(ctx: EnvContext, state: AutoMatchState = stateOf(ctx.data)) {
  const candidates = [state.pendingDueAt, state.nextScheduledAt].filter((x): x is number => x !== null);
  return {
    process: 'AR_APPLY_RECEIPTS_USING_AUTOMATCH',
    settings: state.settings,
    now: ctx.now().toISOString(),
    nextDueAt: state.settings.schedule.enabled && candidates.length ? iso(Math.min(...candidates)) : null,
    pendingDueAt: iso(state.pendingDueAt),
    nextScheduledAt: iso(state.nextScheduledAt),
    lastRunAt: iso(state.lastRunAt),
    runs: recentRuns(ctx.data),
  };
}

const bad = (c: Context<ProductBindings>, error: string) => c.json({ error }, 400);

function controlApp() {
  const app = createProductApp();
  app.get('/', (c) => c.json(overview(c.env)));
  app.put('/', async (c) => {
    let body: unknown;
    try {
      body = JSON.parse((await c.req.text()) || 'null');
    } catch {
      return bad(c, 'The request body is not valid JSON.');
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) return bad(c, 'The request body must be a JSON object of settings.');
    const merged = mergeSettings(stateOf(c.env.data).settings, body as Record<string, unknown>);
    if (!merged.ok) return bad(c, merged.error);
    const now = c.env.now().getTime();
    const state = await c.env.write((tx) => {
      const current = stateOf(tx);
      const interval = merged.settings.schedule.intervalMinutes * 60_000;
      const replanned = merged.settings.schedule.intervalMinutes !== current.settings.schedule.intervalMinutes || (merged.settings.schedule.enabled && !current.settings.schedule.enabled);
      const next: AutoMatchState = { ...current, settings: merged.settings, nextScheduledAt: replanned || current.nextScheduledAt === null ? now + interval : current.nextScheduledAt };
      saveState(tx, next);
      return next;
    });
    return c.json(overview(c.env, state));
  });
  app.post('/run', async (c) => {
    const now = c.env.now();
    const result = await c.env.write((tx) => runAndRecord(tx, now, 'on demand'));
    return c.json(result);
  });
  app.all('/run', (c) => c.json({ error: 'Use POST to run AutoMatch now.' }, 405, { allow: 'POST' }));
  app.all('/', (c) => c.json({ error: 'Use GET to read or PUT to change the AutoMatch settings.' }, 405, { allow: 'GET, PUT' }));
  app.all('*', (c) => c.json({ error: `No AutoMatch control route ${new URL(c.req.url).pathname}.` }, 404));
  return app;
}

export const autoMatchProcess: ProductProcess = {
  name: 'automatch',
  async catchUp(ctx) {
    const now = ctx.now();
    const state = stateOf(ctx.data);
    if (!dueTrigger(state, now.getTime())) return ctx.holdsUntil?.(nextDueAt(state));
    await ctx.write(async (tx) => {
      const trigger = dueTrigger(stateOf(tx), now.getTime()); // another request may have run it meanwhile
      if (trigger) await runAndRecord(tx, now, trigger);
    });
  },
  control: controlApp(),
};
