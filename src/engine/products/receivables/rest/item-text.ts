/**
 * Items' JSON texts kept until their row changes. A page of 25 invoices spent about a sixth of its
 * time building and stringifying the same 25 items again (CPU profile of the CLI host under load).
 * Stored rows are never changed in place (a write puts a new object; `DataView.list`), so the row
 * object itself says whether a kept text is still current. Only resources whose every field is read
 * from the row qualify: a field computed on read (days late, a status from other records) may change
 * while its row does not. The cache is bounded: paging through 100k invoices must not keep 100k texts.
 */
import type { Row } from '../../../core/types.ts';
import { serializeItem } from './serialize.ts';
import type { ReadContext, ResourceDef, RestContext } from './types.ts';

/** Rows whose text is kept (oldest dropped first): a few pages of every collection a client polls. */
export const KEPT_ROWS = 4096;

interface Kept {
  def: ResourceDef;
  href: string;
  onlyData: boolean;
  text: string;
  /** The text as UTF-8, made when a page first asks for it. */
  bytes?: Uint8Array;
}

const utf8 = new TextEncoder();

const kept = new Map<Row, Kept>();
const plain = new WeakMap<ResourceDef, boolean>();

/** Whether an item of `def` is a function of its row and href alone (no field computed on read). */
export function plainItems(def: ResourceDef): boolean {
  let is = plain.get(def);
  if (is === undefined) plain.set(def, (is = def.fields.every((f) => !f.value)));
  return is;
}

/**
 * The JSON text of `row` as a top-level item of `def` with the default shape (every field, no
 * expansion, every link unless `onlyData`): `JSON.stringify(serializeItem(...))`, kept per row.
 * Only for a `def` where `plainItems` holds.
 */
export function itemText(c: RestContext, def: ResourceDef, row: Row, href: string, onlyData: boolean, rc: ReadContext): string {
  const k = kept.get(row);
  if (k && k.def === def && k.href === href && k.onlyData === onlyData) return k.text;
  const text = JSON.stringify(serializeItem(c, def, row, { href, onlyData, fields: null, expand: [], links: null, rc }));
  if (k) kept.delete(row);
  else if (kept.size >= KEPT_ROWS) kept.delete(kept.keys().next().value as Row);
  kept.set(row, { def, href, onlyData, text });
  return text;
}

/** `itemText` encoded as UTF-8, kept with the text: a page is assembled from these (collection.ts). */
export function itemBytes(c: RestContext, def: ResourceDef, row: Row, href: string, onlyData: boolean, rc: ReadContext): Uint8Array {
  const text = itemText(c, def, row, href, onlyData, rc);
  const k = kept.get(row) as Kept;
  return (k.bytes ??= utf8.encode(text));
}

/** Rows with a kept text (for tests). */
export function keptRows(): number {
  return kept.size;
}
