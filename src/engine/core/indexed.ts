/**
 * Incremental indexes over one record kind (sorted orders, groups, lookups): kept current row by
 * row on writes where the view can (the environment cache), rebuilt like `derived` where it cannot.
 */
import type { DataView, IndexSpec } from './types.ts';

export function indexed<V>(data: DataView, name: string, kind: string, spec: IndexSpec<V>): V {
  if (data.indexed) return data.indexed(name, kind, spec);
  return data.derived(name, [kind], () => {
    const rows = data.list(kind);
    return spec.build(rows, rows.map((_, i) => i), data);
  });
}
