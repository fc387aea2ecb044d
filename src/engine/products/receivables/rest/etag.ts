/**
 * Entity tags of resource items, the real framework's convention beyond spec 000 (Oracle's "Verify
 * Resource Updates Using the ETag Value"): every item answer carries an ETag that changes when the
 * record or one of its children changes; If-None-Match on a GET answers 304 with no body while it
 * still matches; If-Match on PATCH or DELETE answers 412 once it no longer does. Only a singular
 * resource takes the headers (collections ignore them, as the real framework documents). Without the
 * headers nothing changes.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { Row } from '../../../core/types.ts';
import { FW, RestError } from './errors.ts';
import { childRows } from './serialize.ts';
import type { ResourceDef, RestContext } from './types.ts';

const enc = new TextEncoder();

/** JSON with keys sorted, so a row reloaded from storage (keys in another order) keeps its tag. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const obj = value as Record<string, unknown>;
  return `{${Object.keys(obj)
    .sort()
    .filter((k) => obj[k] !== undefined)
    .map((k) => `${JSON.stringify(k)}:${canonical(obj[k])}`)
    .join(',')}}`;
}

type DataContext = { env: { data: RestContext['env']['data'] } };

/**
 * The ETag of an item: a digest of its stored row and its children's rows (a line added to an invoice
 * changes the invoice's tag, as it changes its LastUpdateDate). Quoted, as HTTP writes entity tags.
 */
export function etagOf(c: DataContext, def: ResourceDef, row: Row): string {
  const children = Object.keys(def.children).map((accessor) => childRows(c, def, accessor, row));
  // Stored rows are never changed in place (a write puts a new object), so the same row with the
  // same child rows has the same tag: hashing it again was a tenth of an item read (CPU profile).
  const known = tags.get(row);
  if (known && known.def === def && sameRows(known.children, children)) return known.tag;
  const tag = digest(def, row, children);
  tags.set(row, { def, children, tag });
  return tag;
}

/** The tag made afresh, without the one kept (the property test compares the two). */
export function etagAfresh(c: DataContext, def: ResourceDef, row: Row): string {
  return digest(def, row, Object.keys(def.children).map((accessor) => childRows(c, def, accessor, row)));
}

function digest(def: ResourceDef, row: Row, children: Row[][]): string {
  const parts: string[] = [def.kind, canonical(row)];
  Object.keys(def.children).forEach((accessor, i) => parts.push(accessor, canonical(children[i])));
  return `"${bytesToHex(sha256(enc.encode(parts.join('\n')))).slice(0, 40)}"`;
}

/** Each row's last tag, with what it was made of beside the row. */
const tags = new WeakMap<Row, { def: ResourceDef; children: Row[][]; tag: string }>();

/** Whether two lists of child rows hold the same row objects in the same order. */
function sameRows(a: Row[][], b: Row[][]): boolean {
  return a.length === b.length && a.every((rows, i) => rows.length === b[i]?.length && rows.every((r, j) => r === b[i]?.[j]));
}

/** The tags of an If-Match / If-None-Match list ("*" stays "*"); weak tags compare by their opaque part. */
function tagsOf(header: string): string[] {
  return header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .filter(Boolean);
}

/** Whether a conditional header's list names the current tag (`*` names any existing item). */
export function tagListMatches(header: string, current: string): boolean {
  return tagsOf(header).some((t) => t === '*' || t === current);
}

/**
 * If-None-Match on a GET of an item: whether the client's copy is still current (answer 304).
 * Absent header: false, the item is answered as before.
 */
export function notModified(c: RestContext, tag: string): boolean {
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return false;
  const header = c.req.header('if-none-match');
  return header !== undefined && header.trim() !== '' && tagListMatches(header, tag);
}

/** 304 Not Modified: no body, the current tag in ETag (RFC 9110 § 15.4.5). */
export function notModifiedResponse(tag: string): Response {
  return new Response(null, { status: 304, headers: { etag: tag } });
}

/**
 * If-Match on a PATCH or DELETE of an item: refuse with 412 when the client's tag is stale. Call it
 * inside the write (writes of an environment run one at a time, so the check and the change see the
 * same record): the refusal rolls back and nothing changes. Absent header: nothing is checked.
 */
export function checkIfMatch(c: RestContext, def: ResourceDef, row: Row): void {
  const header = c.req.header('if-match');
  if (header === undefined || header.trim() === '') return;
  const current = etagOf(c, def, row);
  if (tagListMatches(header, current)) return;
  throw new RestError(
    412,
    FW.PRECONDITION_FAILED,
    `The ${def.title} was changed since the tag ${header.trim()} was read: its current ETag is ${current}. Read it again, then repeat the change.`,
    { path: def.pathKey ?? def.key, headers: { etag: current } },
  );
}
