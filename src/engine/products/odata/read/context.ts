/** @odata.context values (spec 001 § Endpoints, Query options $select). */
import type { EnvContext } from '../../../core/types.ts';
import { ODATA_ROOT } from '../config.ts';
import type { FormDef } from '../forms/index.ts';
import { keyPredicate } from '../query/keys.ts';
import type { SelectSpec } from '../query/select.ts';

/** Absolute OData root of the environment, no trailing slash. */
export function odataRoot(env: EnvContext): string {
  return `${env.baseUrl}${ODATA_ROOT}`;
}

export function metadataUrl(env: EnvContext): string {
  return `${odataRoot(env)}/$metadata`;
}

/** `(A,B)` in sent order, `(*)`, or '' without $select. */
export function selectSuffix(select: SelectSpec | null): string {
  return select ? `(${select.echo.join(',')})` : '';
}

/** Context of a collection of a top-level form: `#CUSTOMERS` or `#CUSTOMERS(A,B)`. */
export function setContext(env: EnvContext, form: FormDef, select: SelectSpec | null): string {
  return `${metadataUrl(env)}#${form.name}${selectSuffix(select)}`;
}

/** Context of one entity: `#CUSTOMERS/$entity` or `#CUSTOMERS(A,B)/$entity`. */
export function entityContext(env: EnvContext, form: FormDef, select: SelectSpec | null): string {
  return `${metadataUrl(env)}#${form.name}${selectSuffix(select)}/$entity`;
}

/** Context of a subform collection under a parent row: `#CUSTOMERS('C1')/CUSTPERSONNEL_SUBFORM`. */
export function childrenContext(
  env: EnvContext,
  parent: FormDef,
  parentRow: Readonly<Record<string, unknown>>,
  child: FormDef,
  select: SelectSpec | null,
): string {
  return `${metadataUrl(env)}#${parent.name}${keyPredicate(parent, parentRow)}/${child.name}${selectSuffix(select)}`;
}
