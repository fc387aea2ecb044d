/**
 * Control routes of the request journal (issue 12 § 1):
 *   GET    /environments/<key>/journal?limit=&status=&since=&path=&source=  -> {"items": [entry...]}, newest first
 *   DELETE /environments/<key>/journal                              -> 204
 *   PUT    /environments/<key>/journal  {"enabled"?, "size"?}       -> {"enabled", "size"} (journaling off/on; entries kept)
 *   POST   /environments/<key>/journal/verify  {"request", "count"?}  -> {"ok", "count", "matched", "nearMisses", "extra"?, "truncated", "message"?}
 * Entries are explained (catalog entry, rule, sentence) and near misses hinted when read, from the
 * catalogs the host loads.
 */
import type { Hono } from 'hono/tiny';
import { json, readText } from '../core/http.ts';
import { unknownEnvironment } from '../core/sim-errors.ts';
import type { ProductCatalog } from '../core/types.ts';
import type { CatalogSource } from '../teaching/catalog.ts';
import { explain } from '../journal/explain.ts';
import { nearMiss } from '../journal/hints.ts';
import type { Journal } from '../journal/journal.ts';
import { parseVerification, verifyEntries } from '../journal/match.ts';
import type { JournalFilter } from '../journal/ring.ts';
import { JOURNAL_SETTINGS_ID, JOURNAL_SETTINGS_KIND, JOURNAL_SOURCES, MAX_JOURNAL_SIZE, type JournalEntry, type JournalSource } from '../journal/types.ts';
import type { SimStore } from '../storage/store.ts';

export interface JournalRouteDeps {
  store: SimStore;
  journal: Journal | undefined;
  catalog: CatalogSource | undefined;
}

const bad = (message: string) => json({ error: message }, 400);
const PARAMS = new Set(['limit', 'status', 'since', 'path', 'source']);

export function parseJournalQuery(query: URLSearchParams): { ok: true; filter: JournalFilter } | { ok: false; error: string } {
  for (const name of new Set(query.keys())) {
    if (!PARAMS.has(name)) return { ok: false, error: `Unknown parameter '${name}'. Allowed: limit, status, since, path, source.` };
    if (query.getAll(name).length > 1) return { ok: false, error: `Parameter '${name}' is given more than once.` };
  }
  const filter: JournalFilter = { limit: 100 };
  const limit = query.get('limit');
  if (limit !== null) {
    if (!/^\d+$/.test(limit) || Number(limit) < 1 || Number(limit) > MAX_JOURNAL_SIZE) return { ok: false, error: `"limit" must be an integer from 1 to ${MAX_JOURNAL_SIZE}.` };
    filter.limit = Number(limit);
  }
  const status = query.get('status');
  if (status !== null) {
    const klass = /^([1-5])xx$/i.exec(status);
    if (klass) filter.status = { klass: Number(klass[1]) };
    else if (/^(0|[1-5]\d\d)$/.test(status)) filter.status = { exact: Number(status) };
    else return { ok: false, error: '"status" must be a status (401), a class (4xx) or 0 (dropped connections).' };
  }
  const since = query.get('since');
  if (since !== null) {
    if (!/^\d{1,15}$/.test(since)) return { ok: false, error: '"since" must be an entry id (a non-negative integer).' };
    filter.since = Number(since);
  }
  const path = query.get('path');
  if (path !== null) {
    if (path === '' || path.length > 300) return { ok: false, error: '"path" must be 1-300 characters of the path.' };
    filter.path = path;
  }
  const source = query.get('source');
  if (source !== null) {
    // A comma-separated list of sources (issue 24 § 1.4), e.g. source=console,outside.
    const names = source.split(',').map((s) => s.trim());
    const unknown = names.find((n) => !JOURNAL_SOURCES.includes(n as JournalSource));
    if (unknown !== undefined) return { ok: false, error: `"source" must list sources separated by commas, each one of ${JOURNAL_SOURCES.join(', ')}${unknown ? ` ('${unknown}' is not one)` : ''}.` };
    filter.sources = names as JournalSource[];
  }
  return { ok: true, filter };
}

/** Entries with their explanations and hints (read from the catalogs; stored entries carry neither). */
export async function enrich(entries: JournalEntry[], catalog: ProductCatalog | undefined): Promise<JournalEntry[]> {
  if (!catalog) return entries;
  return entries.map((e) => {
    const explanation = explain(catalog.errors, e);
    const hint = e.hint ?? nearMiss(catalog, e);
    // The OData envelope's code is the status: the catalog's name says more (the contract allows either).
    const code = (!e.code || /^\d{3}$/.test(e.code)) && explanation?.catalog ? explanation.catalog.code : e.code;
    return { ...e, ...(code ? { code } : {}), ...(explanation ? { explanation } : {}), ...(hint ? { hint } : {}) };
  });
}

export function registerJournalRoutes(app: Hono, deps: JournalRouteDeps): void {
  app.get('/environments/:key/journal', async (c) => {
    const key = c.req.param('key');
    const env = deps.store.env(key);
    if (!env) return unknownEnvironment(key);
    if (!deps.journal) return json({ error: 'This host runs without a request journal.' }, 503);
    const parsed = parseJournalQuery(new URL(c.req.url).searchParams);
    if (!parsed.ok) return bad(parsed.error);
    const entries = await deps.journal.read(key, parsed.filter);
    // Without catalogs (a host that cannot load them) entries still carry their codes.
    const catalog = deps.catalog ? await Promise.resolve(deps.catalog(env.product)).catch(() => undefined) : undefined;
    const enabled = (await deps.store.partial(key)).get(JOURNAL_SETTINGS_KIND, JOURNAL_SETTINGS_ID)?.['enabled'] !== false;
    return c.json({ items: await enrich(entries, catalog), enabled, size: deps.journal.capacity(key) });
  });
  app.put('/environments/:key/journal', async (c) => {
    const key = c.req.param('key');
    if (!deps.store.env(key)) return unknownEnvironment(key);
    const usage = `Send {"enabled": true|false} and/or {"size": <entries kept, 1-${MAX_JOURNAL_SIZE}; null for the host's>}.`;
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      return bad(usage);
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) return bad(usage);
    const { enabled, size, ...rest } = body as Record<string, unknown>;
    if (Object.keys(rest).length || (enabled === undefined && size === undefined)) return bad(usage);
    if (enabled !== undefined && typeof enabled !== 'boolean') return bad(`"enabled" must be true or false. ${usage}`);
    if (size !== undefined && size !== null && !(typeof size === 'number' && Number.isInteger(size) && size >= 1 && size <= MAX_JOURNAL_SIZE)) return bad(`"size" must be an integer from 1 to ${MAX_JOURNAL_SIZE} (null: the host's size).`);
    if (enabled !== undefined) await deps.store.write(key, (tx) => tx.put(JOURNAL_SETTINGS_KIND, JOURNAL_SETTINGS_ID, { id: JOURNAL_SETTINGS_ID, enabled }));
    if (size !== undefined) {
      await deps.store.updateEnv(key, (env) => {
        const { journalSize: _old, ...rest } = env;
        return size === null ? rest : { ...rest, journalSize: size as number };
      });
    }
    const on = (await deps.store.partial(key)).get(JOURNAL_SETTINGS_KIND, JOURNAL_SETTINGS_ID)?.['enabled'] !== false;
    return c.json({ enabled: on, size: deps.journal?.capacity(key) ?? null });
  });
  app.post('/environments/:key/journal/verify', async (c) => {
    const key = c.req.param('key');
    if (!deps.store.env(key)) return unknownEnvironment(key);
    if (!deps.journal) return json({ error: 'This host runs without a request journal.' }, 503);
    if (new URL(c.req.url).search !== '') return bad('POST of journal/verify takes no parameters: send the matcher as the JSON body.');
    let body: unknown;
    try {
      body = JSON.parse(await readText(c.req.raw));
    } catch {
      return json({ error: 'The request body is not valid JSON. Send {"request": {...}, "count"?: {...}}.', field: 'body' }, 400);
    }
    const parsed = parseVerification(body);
    if (!parsed.ok) return json({ error: parsed.error, field: parsed.field }, 400);
    // `read` waits for the entries of every request already answered: no sleep needed before verify.
    const since = parsed.verification.matcher.since;
    const entries = await deps.journal.read(key, { limit: deps.journal.capacity(key), ...(since !== undefined ? { since } : {}) });
    return c.json(verifyEntries(entries, parsed.verification, await deps.journal.truncated(key, since)));
  });
  app.delete('/environments/:key/journal', async (c) => {
    const key = c.req.param('key');
    if (!deps.store.env(key)) return unknownEnvironment(key);
    if (!deps.journal) return json({ error: 'This host runs without a request journal.' }, 503);
    if (new URL(c.req.url).search !== '') return bad('DELETE of the journal takes no parameters.');
    await deps.journal.clear(key);
    return c.body(null, 204);
  });
}
