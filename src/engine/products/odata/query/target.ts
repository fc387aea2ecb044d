/** The parsed target of the current request, for every handler after the path gate (reads and writes). */
import type { Context } from 'hono';
import type { EnvContext, ProductBindings } from '../../../core/types.ts';
import type { ODataTarget } from './path.ts';

const targets = new WeakMap<EnvContext, ODataTarget>();
const innerHeads = new WeakSet<EnvContext>();

export function setTarget(env: EnvContext, t: ODataTarget): void {
  targets.set(env, t);
}

/** The resolved OData target of the request (set before any product route runs). */
export function targetOf(c: Context<ProductBindings>): ODataTarget {
  const t = targets.get(c.env);
  if (!t) throw new Error('targetOf called before the path gate');
  return t;
}

/** Mark a $batch inner request that was a HEAD (dispatched as GET so its body survives). */
export function markInnerHead(env: EnvContext): void {
  innerHeads.add(env);
}

/** The request method as the client sent it (a $batch inner HEAD reads as HEAD). */
export function methodOf(c: Context<ProductBindings>): string {
  return innerHeads.has(c.env) ? 'HEAD' : c.req.method.toUpperCase();
}
