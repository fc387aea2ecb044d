/**
 * Equality lookups for `q`: a stored attribute compared with `=` or `IN` narrows a top-level
 * collection to the rows holding those values, through a per-attribute hash index kept current on
 * writes, instead of a walk of every row. The full `q` still decides each candidate, so the index
 * only has to keep every row that could match (it keys values as `compareTyped` equality does).
 */
import { indexed } from '../../../core/indexed.ts';
import type { DataView, Row } from '../../../core/types.ts';
import type { Condition, QueryExpr } from './q.ts';
import type { FieldDef, ResourceDef } from './types.ts';
import { typedValue, type Typed } from './values.ts';

interface Bucket {
  rows: Row[];
  seqs: number[];
}

/** Equal typed values get equal keys (numbers by their normalized decimal text). */
function keyOf(t: Typed): string {
  if (t.t === 'num') return t.v.eq(0) ? '0' : t.v.toString();
  return String(t.v);
}

function rowKey(f: FieldDef, row: Row): string | null {
  const t = typedValue(f.type, row[f.name]);
  return t ? keyOf(t) : null;
}

function valueIndex(data: DataView, def: ResourceDef, f: FieldDef): Map<string, Bucket> {
  return indexed<Map<string, Bucket>>(data, `rest:eq:${def.kind}:${f.name}:${f.type}`, def.kind, {
    build(rows, seqs) {
      const m = new Map<string, Bucket>();
      rows.forEach((row, i) => {
        const k = rowKey(f, row);
        if (k === null) return;
        const b = m.get(k);
        if (b) {
          b.rows.push(row);
          b.seqs.push(seqs[i] as number);
        } else m.set(k, { rows: [row], seqs: [seqs[i] as number] });
      });
      return m;
    },
    update(m, { before, after, seq }) {
      // Buckets are replaced, never changed in place (a reader may still hold one).
      if (before) {
        const k = rowKey(f, before);
        const b = k === null ? undefined : m.get(k);
        const at = b ? b.rows.indexOf(before) : -1;
        if (b && at >= 0) {
          if (b.rows.length === 1) m.delete(k as string);
          else m.set(k as string, { rows: b.rows.filter((_, i) => i !== at), seqs: b.seqs.filter((_, i) => i !== at) });
        }
      }
      if (after) {
        const k = rowKey(f, after);
        if (k === null) return;
        const b = m.get(k) ?? { rows: [], seqs: [] };
        let at = b.seqs.length;
        while (at > 0 && (b.seqs[at - 1] as number) > seq) at--;
        m.set(k, { rows: [...b.rows.slice(0, at), after, ...b.rows.slice(at)], seqs: [...b.seqs.slice(0, at), seq, ...b.seqs.slice(at)] });
      }
    },
  });
}

/** A condition the index can answer: `=` or `IN` on a stored attribute (no computed or resolved value). */
function indexable(c: Condition): boolean {
  return (c.op === '=' || c.op === 'IN') && !c.field.value && !c.field.resolvedBy;
}

/**
 * Rows of a top-level resource that may satisfy `expr`, in `list` order, or null when `expr` has no
 * equality the index can use (then the caller walks its sorted index). Only a single AND group.
 */
export function equalityCandidates(data: DataView, def: ResourceDef, expr: QueryExpr | undefined): Row[] | null {
  if (!expr || expr.length !== 1) return null;
  const cond = (expr[0] as Condition[]).find(indexable);
  if (!cond) return null;
  const index = valueIndex(data, def, cond.field);
  const values = 'values' in cond ? cond.values : 'value' in cond ? [cond.value] : [];
  const keys = new Set(values.map(keyOf));
  const buckets = [...keys].map((k) => index.get(k)).filter((b): b is Bucket => Boolean(b));
  let rows: Row[];
  if (buckets.length <= 1) rows = buckets[0]?.rows ?? [];
  else {
    // Several values: merged back into `list` order, so ties sort as a walk of the index would.
    const all: { row: Row; seq: number }[] = [];
    for (const b of buckets) b.rows.forEach((row, i) => all.push({ row, seq: b.seqs[i] as number }));
    all.sort((a, b) => a.seq - b.seq);
    rows = all.map((e) => e.row);
  }
  return def.where ? rows.filter(def.where) : rows;
}
