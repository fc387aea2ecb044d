/** Turning stored rows into resource items: fields from the definition, expanded children, links. */
import { indexed } from '../../../core/indexed.ts';
import type { Row } from '../../../core/types.ts';
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
  return { now: c.env.now(), data: c.env.data };
}

/** The output value of one field of a row. */
export function fieldValue(f: FieldDef, row: Row, rc: ReadContext): unknown {
  return outputValue(f, f.value ? f.value(row, rc) : row[f.name]);
}

/** Rows of a child accessor for one parent row, in the child's default order. */
export function childRows(c: { env: { data: RestContext['env']['data'] } }, def: ResourceDef, accessor: string, parent: Row): Row[] {
  const child = childOf(def, accessor);
  if (!child) return [];
  if (child.rowsOf) {
    const own = child.rowsOf(parent, c.env.data).filter((r) => !child.where || child.where(r));
    return sortRows(own, defaultOrder(child), sortContext(c.env.data));
  }
  // Keyed by number where the key is numeric (converting 15-digit ids to strings dominates the build),
  // so a parent key stored as a number finds children that hold it as a digit string and vice versa.
  const norm = (v: unknown): unknown => {
    if (typeof v === 'number') return v;
    const n = Number(v);
    return typeof v === 'string' && Number.isSafeInteger(n) && String(n) === v ? n : String(v);
  };
  const field = child.parentField as string;
  // A group's order does not matter (the children are sorted below, ties broken by their key), so
  // a group is a plain array and the index is patched at any size: a generate or an AutoMatch run
  // no longer drops it, and the first read after one does not rebuild it over every child row.
  const groups = indexed<Map<unknown, Row[]>>(c.env.data, `rest:group:${child.kind}:${field}`, child.kind, {
    constantUpdate: true,
    build(rows) {
      const m = new Map<unknown, Row[]>();
      for (const r of rows) {
        const k = norm(r[field]);
        const g = m.get(k);
        if (g) g.push(r);
        else m.set(k, [r]);
      }
      return m;
    },
    update(m, { before, after }) {
      // A group's array is replaced, never changed, so a caller still holding one keeps what it read.
      if (before) {
        const k = norm(before[field]);
        const g = m.get(k);
        if (g?.includes(before)) {
          if (g.length === 1) m.delete(k);
          else m.set(k, g.filter((r) => r !== before));
        }
      }
      if (after) {
        const k = norm(after[field]);
        m.set(k, [...(m.get(k) ?? []), after]);
      }
    },
  });
  const own = groups.get(norm(parent[def.key])) ?? [];
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
