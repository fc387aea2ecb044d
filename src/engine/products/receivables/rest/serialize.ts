/** Turning stored rows into resource items: fields from the definition, expanded children, links. */
import { DAY_MS } from '../../../core/clock.ts';
import { indexed } from '../../../core/indexed.ts';
import type { DataView, Row } from '../../../core/types.ts';
import { childOf, pathKeyField } from './define.ts';
import { filterLinks, keySegment, type Link } from './links.ts';
import { sortContext, sortRows } from './order.ts';
import { defaultOrder } from './params.ts';
import type { FieldDef, ReadContext, ResourceDef, RestContext } from './types.ts';
import { outputValue } from './values.ts';

export interface SerializeOptions {
  /** Absolute href of this item (self and canonical). */
  href: string;
  /** Href of the parent item (child rows). */
  parentHref?: string;
  /** Name of the parent resource (parent link name). */
  parentName?: string;
  fields?: string[] | null;
  expand?: string[];
  onlyData?: boolean;
  links?: Set<string> | null;
  rc: ReadContext;
}

export function readContext(c: RestContext): ReadContext {
  const now = c.env.now();
  c.env.holdsUntil?.((Math.floor(now.getTime() / DAY_MS) + 1) * DAY_MS);
  return { now, data: c.env.data };
}

/** The output value of one field of a row. */
export function fieldValue(f: FieldDef, row: Row, rc: ReadContext): unknown {
  return outputValue(f, f.value ? f.value(row, rc) : row[f.name]);
}

/**
 * A parent key as the child groups hold it: by number where the key is numeric (converting 15-digit
 * ids to strings dominated the build), so a parent key stored as a number finds children that hold
 * it as a digit string and vice versa.
 */
function groupKey(v: unknown): unknown {
  if (typeof v === 'number') return v;
  const n = Number(v);
  return typeof v === 'string' && Number.isSafeInteger(n) && String(n) === v ? n : String(v);
}

/** A child kind's rows grouped by their parent's key (kept current on writes by the cache). */
function childGroups(data: DataView, child: ResourceDef): Map<unknown, Row[]> {
  const field = child.parentField as string;
  // A group's order does not matter (the children are sorted on read, ties broken by their key), so
  // a group is a plain array and the index is patched at any size: a generate or an AutoMatch run
  // no longer drops it, and the first read after one does not rebuild it over every child row.
  return indexed<Map<unknown, Row[]>>(data, `rest:group:${child.kind}:${field}`, child.kind, {
    constantUpdate: true,
    build(rows) {
      const m = new Map<unknown, Row[]>();
      for (const r of rows) {
        const k = groupKey(r[field]);
        const g = m.get(k);
        if (g) g.push(r);
        else m.set(k, [r]);
      }
      return m;
    },
    update(m, { before, after }) {
      // A group's array is replaced, never changed, so a caller still holding one keeps what it read.
      if (before) {
        const k = groupKey(before[field]);
        const g = m.get(k);
        if (g?.includes(before)) {
          if (g.length === 1) m.delete(k);
          else m.set(k, g.filter((r) => r !== before));
        }
      }
      if (after) {
        const k = groupKey(after[field]);
        m.set(k, [...(m.get(k) ?? []), after]);
      }
    },
  });
}

/**
 * Build the child groups of `def` over the rows there are now, so a large write that follows keeps
 * them current: after a generate of 100k invoices, the first POST's answer (its lines) no longer
 * builds them over every generated line (0.1-0.6 s on the Node host; issue 22 § Also).
 */
export function warmChildGroups(data: DataView, def: ResourceDef): void {
  for (const accessor of Object.keys(def.children)) {
    const child = childOf(def, accessor);
    if (child && !child.rowsOf) childGroups(data, child);
  }
}

/** Rows of a child accessor for one parent row, in the child's default order. */
export function childRows(c: { env: { data: RestContext['env']['data'] } }, def: ResourceDef, accessor: string, parent: Row): Row[] {
  const child = childOf(def, accessor);
  if (!child) return [];
  if (child.rowsOf) {
    const own = child.rowsOf(parent, c.env.data).filter((r) => !child.where || child.where(r));
    return sortRows(own, defaultOrder(child), sortContext(c.env.data));
  }
  const own = childGroups(c.env.data, child).get(groupKey(parent[def.key])) ?? [];
  const rows = child.where ? own.filter(child.where) : own;
  return sortRows(rows, defaultOrder(child), sortContext(c.env.data));
}

/** Serialize one row as a resource item. */
export function serializeItem(c: RestContext, def: ResourceDef, row: Row, opts: SerializeOptions): Row {
  const out: Row = {};
  const wanted = opts.fields ? new Set(opts.fields) : null;
  for (const f of def.fields) {
    if (f.type === 'array' && def.children[f.name]) continue; // children appear only when expanded
    if (wanted && !wanted.has(f.name)) continue;
    out[f.name] = fieldValue(f, row, opts.rc);
  }
  // A child accessor named in `fields` is included as if expanded.
  const expand = new Set(opts.expand ?? []);
  if (wanted) for (const accessor of Object.keys(def.children)) if (wanted.has(accessor)) expand.add(accessor);
  for (const accessor of expand) {
    const child = def.children[accessor] as ResourceDef;
    const pk = pathKeyField(child).name;
    out[accessor] = childRows(c, def, accessor, row).map((r) =>
      serializeItem(c, child, r, {
        href: `${opts.href}/child/${accessor}/${keySegment(r[pk])}`,
        parentHref: opts.href,
        parentName: def.name,
        onlyData: opts.onlyData,
        links: opts.links,
        rc: opts.rc,
      }),
    );
  }
  if (!opts.onlyData) {
    const links: Link[] = [
      { rel: 'self', href: opts.href, name: def.name, kind: 'item' },
      { rel: 'canonical', href: opts.href, name: def.name, kind: 'item' },
    ];
    if (opts.parentHref) links.push({ rel: 'parent', href: opts.parentHref, name: opts.parentName ?? 'parent', kind: 'item' });
    for (const accessor of Object.keys(def.children)) {
      links.push({ rel: 'child', href: `${opts.href}/child/${accessor}`, name: accessor, kind: 'collection' });
    }
    out.links = filterLinks(links, opts.links ?? null);
  }
  return out;
}
