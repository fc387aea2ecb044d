/** Building response rows as JSON text: properties (optionally selected) plus expanded subforms. */
import type { EnvContext, Row } from '../../../core/types.ts';
import { childRows, rowId, rowJson, rowJsonText, type FormDef } from '../forms/index.ts';
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

/**
 * JSON text of a shaped row: properties (a whole row comes from the memoized text), then for
 * each expanded subform `<SUBFORM>@odata.context` and `<SUBFORM>`. Decimals stay exact.
 */
export function shapeRowJson(
  env: EnvContext,
  form: FormDef,
  row: Row,
  select: SelectSpec | null,
  expand: readonly ExpandItem[],
): string {
  const base = select?.props ? rowJsonText(form, row, select.props) : rowJson(form, row);
  if (expand.length === 0 || form.parent) return base;
  const id = rowId(form, row);
  const parts: string[] = [];
  for (const item of expand) {
    const children = expandedChildren(env, item, id).map((r) =>
      item.select?.props ? rowJsonText(item.child, r, item.select.props) : rowJson(item.child, r),
    );
    const ctx = childrenContext(env, form, row, item.child, item.select);
    parts.push(`"${item.child.name}@odata.context":${JSON.stringify(ctx)},"${item.child.name}":[${children.join(',')}]`);
  }
  return base === '{}' ? `{${parts.join(',')}}` : `${base.slice(0, -1)},${parts.join(',')}}`;
}
