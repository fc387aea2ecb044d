/** Building response rows: properties (optionally selected) plus expanded subforms. */
import type { EnvContext, Row } from '../../../core/types.ts';
import { childRows, rowId, serializeRow, type FormDef } from '../forms/index.ts';
import type { ExpandItem } from '../query/expand.ts';
import type { SelectSpec } from '../query/select.ts';
import { childrenContext } from './context.ts';
import { pageOf, sortRows } from './ordering.ts';

/**
 * Expanded children of one parent row: the complete child set unless narrowed by the nested
 * options (spec 001 § Query options $expand).
 */
export function expandedChildren(env: EnvContext, item: ExpandItem, parentId: string): Row[] {
  let rows: readonly Row[] = childRows(env.data, item.child, parentId);
  if (item.orderby) rows = sortRows(item.child, rows, item.orderby);
  return pageOf(rows, item.filter, item.skip, item.top);
}

/** A serialized row with `<SUBFORM>@odata.context` and `<SUBFORM>` for each expanded subform. */
export function shapeRow(
  env: EnvContext,
  form: FormDef,
  row: Row,
  select: SelectSpec | null,
  expand: readonly ExpandItem[],
): Record<string, unknown> {
  const out = serializeRow(form, row, select?.props ?? null);
  if (expand.length === 0) return out;
  const id = form.parent ? null : rowId(form, row);
  for (const item of expand) {
    if (id === null) continue;
    out[`${item.child.name}@odata.context`] = childrenContext(env, form, row, item.child, item.select);
    out[item.child.name] = expandedChildren(env, item, id).map((r) => serializeRow(item.child, r, item.select?.props ?? null));
  }
  return out;
}
