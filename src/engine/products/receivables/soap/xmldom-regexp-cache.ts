/**
 * xmldom 0.9 builds a regular expression from its grammar's parts on every end tag, comment and CDATA
 * section (`g.reg('^', g.QName_group, g.S_OPT, '$')` in lib/sax.js): a several-KB Unicode source
 * joined and compiled each time, about half of the parse of a large valid request. The parts are
 * the grammar's own constants, so the result of each combination is the same expression every
 * time; this keeps one per combination. Its expressions have no `g` or `y` flag, so one instance can
 * be shared (exec and test neither read nor write lastIndex).
 *
 * xmldom is a run-time dependency of the Node host (not bundled, so users' `npm audit` sees it), so
 * a build-time change of its files would reach the worker only; the cache is installed on the
 * grammar module both hosts load. test/receivables/soap/xmldom-upstream.test.ts fails if the
 * library stops calling `reg` that way or the cache stops answering those calls.
 */
import grammar from '@xmldom/xmldom/lib/grammar.js';

type Part = string | RegExp;
type Reg = (this: unknown, ...parts: Part[]) => RegExp;

/** The combinations xmldom asks for are a handful of constants; past this, nothing more is kept. */
const MAX_KEPT = 64;
const INSTALLED = Symbol.for('erp-sim.xmldom-regexp-cache');

/** Keyed by the parts' identities: a string as itself, an expression by the object (its source can be KBs). */
export function cachedReg(reg: Reg): Reg {
  const kept = new Map<string, RegExp>();
  const ids = new WeakMap<RegExp, number>();
  let next = 0;
  const key = (parts: Part[]) => parts.map((p) => (typeof p === 'string' ? `s${p.length}:${p}` : `r${ids.get(p) ?? (ids.set(p, ++next), next)}`)).join('|');
  return function (this: unknown, ...parts: Part[]): RegExp {
    const k = key(parts);
    const hit = kept.get(k);
    if (hit) return hit;
    const made = reg.apply(this, parts);
    if (kept.size < MAX_KEPT && !made.global && !made.sticky) kept.set(k, made);
    return made;
  };
}

const g = grammar as { reg: Reg; [INSTALLED]?: true };
if (!g[INSTALLED]) {
  g.reg = cachedReg(g.reg);
  g[INSTALLED] = true;
}
