/** Read handlers (spec 001 § Endpoints, Entity sets): collections, single entities, subforms, /$count. */
import { jsonText } from '../../../core/http.ts';
import { limitsProfile, REAL_LIMITS } from '../../../core/limits-profile.ts';
import type { EnvContext, Row } from '../../../core/types.ts';
import { odataError } from '../errors/envelope.ts';
import { MSG } from '../errors/messages.ts';
import { childRows, kindOf, type FormDef } from '../forms/index.ts';
import { filterLookup } from '../query/filter.ts';
import type { EntityRef } from '../query/path.ts';
import { collectionOptions, countOptions, itemOptions } from '../query/read-options.ts';
import { changedSince } from '../query/since.ts';
import { childrenContext, entityContext, setContext } from './context.ts';
import { lookupRows } from './lookup.ts';
import { pageOf, pageOfSet, sortRows } from './ordering.ts';
import { shapeRowJson } from './shape.ts';

type Keep = ((r: Row) => boolean) | null;

function combine(filter: Keep, since: number | null): Keep {
  if (since === null) return filter;
  if (!filter) return (r) => changedSince(r, since);
  return (r) => changedSince(r, since) && filter(r);
}

export function entityNotFound(): Response {
  return odataError(404, MSG.entityNotFound);
}

/** `{"@odata.context": ..., "value": [...]}` from the rows' JSON texts. */
function collectionText(context: string, rows: readonly string[]): Response {
  return jsonText(`{"@odata.context":${JSON.stringify(context)},"value":[${rows.join(',')}]}`);
}

/** Plain-text number (spec 001 write rule 9: /$count is text/plain). */
export function countResponse(n: number): Response {
  return new Response(String(n), { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}

/** The stored row an entity reference addresses (top-level forms). */
export function findRow(env: EnvContext, ref: EntityRef): Row | undefined {
  return env.data.get(kindOf(ref.form), ref.id);
}

/**
 * The rows a collection read without $top returns at most: none under the spec (spec 001 § Limits:
 * the cap is not simulated), MAXAPILINES (2000) under the real-limits profile, silently, as the
 * emulated product answers: page with $top and $skip to see the rest.
 */
function rowCap(env: EnvContext): number | null {
  return limitsProfile(env.data) === 'real-product' ? REAL_LIMITS.maxApiLines : null;
}

/** GET /SET */
export function readSet(env: EnvContext, url: string, form: FormDef): Response {
  const o = collectionOptions(url, form);
  const rows = pageOfSet(env.data, form, o.orderby, combine(o.filter, o.since), o.skip, o.top ?? rowCap(env), filterLookup(o.filter));
  return collectionText(setContext(env, form, o.select), rows.map((r) => shapeRowJson(env, form, r, o.select, o.expand)));
}

/** GET /SET/$count */
export function countSet(env: EnvContext, url: string, form: FormDef): Response {
  const o = countOptions(url, form);
  const keep = combine(o.filter, o.since);
  // Counting a whole set makes none of its rows (a set not yet decoded stays so).
  if (!keep) return countResponse(env.data.count(kindOf(form)));
  // An equality filter counts among the rows its value index holds, not the whole set.
  const lookup = filterLookup(o.filter);
  let n = 0;
  for (const r of lookup ? lookupRows(env.data, kindOf(form), lookup) : env.data.list(kindOf(form))) if (keep(r)) n++;
  return countResponse(n);
}

/** GET /SET(key) */
export function readEntity(env: EnvContext, url: string, ref: EntityRef): Response {
  const o = itemOptions(url, ref.form);
  const row = findRow(env, ref);
  if (!row) return entityNotFound();
  // The context goes first; splicing JSON text avoids copying a wide row object (hot in $batch).
  const props = shapeRowJson(env, ref.form, row, o.select, o.expand);
  const ctx = `{"@odata.context":${JSON.stringify(entityContext(env, ref.form, o.select))}`;
  return jsonText(props === '{}' ? `${ctx}}` : `${ctx},${props.slice(1)}`);
}

/** GET /SET(key)/SUBFORM: query options against the child type; ordered by key unless $orderby. */
export function readChildren(env: EnvContext, url: string, parent: EntityRef, child: FormDef): Response {
  const o = collectionOptions(url, child);
  const parentRow = findRow(env, parent);
  if (!parentRow) return entityNotFound();
  let rows: readonly Row[] = childRows(env.data, child, parent.id);
  if (o.orderby) rows = sortRows(child, rows, o.orderby);
  const page = pageOf(rows, combine(o.filter, o.since), o.skip, o.top ?? rowCap(env));
  return collectionText(
    childrenContext(env, parent.form, parentRow, child, o.select),
    page.map((r) => shapeRowJson(env, child, r, o.select, [])),
  );
}

/** GET /SET(key)/SUBFORM/$count */
export function countChildren(env: EnvContext, url: string, parent: EntityRef, child: FormDef): Response {
  const o = countOptions(url, child);
  if (!findRow(env, parent)) return entityNotFound();
  const keep = combine(o.filter, o.since);
  const rows = childRows(env.data, child, parent.id);
  return countResponse(keep ? rows.filter(keep).length : rows.length);
}
