/**
 * The environment clock's control routes:
 *   GET /environments/<key>/clock -> {"now", "frozen"}
 *   PUT /environments/<key>/clock {"now"} | {"advanceDays"} | {"advance": {days, hours, minutes}}, and/or {"frozen"}
 * A frozen clock moves only when set or advanced; a running one keeps moving with host time from
 * where it was set (a test clock in a sandbox).
 */
import type { Hono } from 'hono/tiny';
import { clockAt, DAY_MS, envNow, instantInRange, parseAdvance, parseInstant } from '../core/clock.ts';
import { json } from '../core/http.ts';
import { unknownEnvironment } from '../core/sim-errors.ts';
import type { Environment, HostClock } from '../core/types.ts';
import type { SimStore } from '../storage/store.ts';

const bad = (message: string) => json({ error: message }, 400);
const FIELDS = ['now', 'advanceDays', 'advance', 'frozen'];

/** What GET …/clock and an environment's detail show. */
export const clockView = (clock: HostClock, env: Environment) => ({ now: envNow(clock, env).toISOString(), frozen: env.clockFrozenMs !== undefined });

/**
 * The `clock` option of a new environment (`{"now", "frozen"?}`): its clock fields, and the start a
 * clean-slate reset returns to. Absent: host time, running.
 */
export function clockOption(raw: unknown, clock: HostClock): { ok: true; fields: Pick<Environment, 'clockOffsetMs' | 'clockFrozenMs' | 'clockStart'> } | { ok: false; error: string } {
  if (raw === undefined) return { ok: true, fields: { clockOffsetMs: 0 } };
  const fail = { ok: false as const, error: '"clock" must be {"now": "<ISO-8601 date or UTC date-time>", "frozen"?: true|false}; without it the clock starts at host time.' };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return fail;
  const { now, frozen = false, ...rest } = raw as Record<string, unknown>;
  if (Object.keys(rest).length) return { ok: false, error: `Unknown field "clock.${Object.keys(rest)[0]}". Allowed: now, frozen.` };
  if (typeof frozen !== 'boolean') return { ok: false, error: '"clock.frozen" must be true or false.' };
  const atMs = parseInstant(now);
  if (atMs === null) return { ok: false, error: '"clock.now" is required: an ISO-8601 date or UTC date-time, e.g. "2026-05-01T09:00:00Z".' };
  if (!instantInRange(atMs)) return { ok: false, error: '"clock.now" must be between 1970 and 9999.' };
  const fields = clockAt(clock, atMs, frozen);
  return { ok: true, fields: { clockOffsetMs: fields.clockOffsetMs, ...(frozen ? { clockFrozenMs: atMs } : {}), clockStart: { atMs, frozen } } };
}

export function registerClockRoutes(app: Hono, deps: { store: SimStore; clock: HostClock }): void {
  const { store, clock } = deps;
  app.get('/environments/:key/clock', (c) => {
    const env = store.env(c.req.param('key'));
    return env ? c.json(clockView(clock, env)) : unknownEnvironment(c.req.param('key'));
  });

  app.put('/environments/:key/clock', async (c) => {
    const key = c.req.param('key');
    const current = store.env(key);
    if (!current) return unknownEnvironment(key);
    let body: unknown;
    try {
      const text = await c.req.text();
      body = text.trim() ? JSON.parse(text) : {};
    } catch {
      return bad('The request body is not valid JSON.');
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return bad('The request body must be a JSON object.');
    const fields = body as Record<string, unknown>;
    const unknown = Object.keys(fields).find((k) => !FIELDS.includes(k));
    if (unknown !== undefined) return bad(`Unknown field "${unknown}". Send {"now"}, {"advanceDays"} or {"advance": {"days", "hours", "minutes"}}, and/or {"frozen": true|false}.`);
    const { now, advanceDays, advance, frozen } = fields;
    const moves = [now, advanceDays, advance].filter((v) => v !== undefined).length;
    if (moves > 1) return bad('Send one of "now", "advanceDays" or "advance", not several.');
    if (frozen !== undefined && typeof frozen !== 'boolean') return bad('"frozen" must be true or false.');
    if (moves === 0 && frozen === undefined) return bad('Send {"now": "<ISO-8601 date or UTC date-time>"}, {"advanceDays": <integer>} or {"advance": {"days", "hours", "minutes"}}, and/or {"frozen": true|false}.');
    let target = envNow(clock, current).getTime();
    if (now !== undefined) {
      const ms = parseInstant(now);
      if (ms === null) return bad('"now" must be an ISO-8601 date or UTC date-time, e.g. "2026-05-01" or "2026-05-01T09:00:00Z".');
      target = ms;
    } else if (advanceDays !== undefined) {
      if (typeof advanceDays !== 'number' || !Number.isInteger(advanceDays) || Math.abs(advanceDays) > 36_500) return bad('"advanceDays" must be a whole number of days (up to 36500 either way); for hours or minutes send {"advance": {"hours": 2}}.');
      target += advanceDays * DAY_MS;
    } else if (advance !== undefined) {
      const parsed = parseAdvance(advance, '"advance"');
      if (!parsed.ok) return bad(parsed.error);
      target += parsed.ms;
    }
    if (!instantInRange(target)) return bad('"now" must be between 1970 and 9999.');
    const keepFrozen = frozen ?? current.clockFrozenMs !== undefined;
    const next = await store.updateEnv(key, (env) => ({ ...env, ...clockAt(clock, target, keepFrozen) }));
    return c.json(clockView(clock, next));
  });
}
