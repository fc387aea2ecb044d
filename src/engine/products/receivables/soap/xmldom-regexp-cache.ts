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
/// <reference path="./xmldom-grammar.d.ts" />
import grammar from '@xmldom/xmldom/lib/grammar.js';

type Part = string | RegExp;
type Reg = (this: unknown, ...parts: Part[]) => RegExp;

/** The combinations xmldom asks for are a handful of constants; past this, nothing more is kept. */
const MAX_KEPT = 64;
const INSTALLED = Symbol.for('erp-sim.xmldom-regexp-cache');

interface Kept {
  next: Map<Part, Kept>;
  made?: RegExp;
}

/**
 * Keyed by the parts themselves, one map a part: a string by its value, an expression by the object
 * (its source can be KBs), with nothing built or hashed but the short strings.
 */
export function cachedReg(reg: Reg): Reg {
  const root: Kept = { next: new Map() };
  let size = 0;
  return function (this: unknown, ...parts: Part[]): RegExp {
    let at = root;
    for (const part of parts) {
      let next = at.next.get(part);
      if (!next) {
        if (size >= MAX_KEPT) return reg.apply(this, parts);
        at.next.set(part, (next = { next: new Map() }));
      }
      at = next;
    }
    if (at.made) return at.made;
    const made = reg.apply(this, parts);
    if (size < MAX_KEPT && !made.global && !made.sticky) {
      at.made = made;
      size++;
    }
    return made;
  };
}

const g = grammar as { reg: Reg; [INSTALLED]?: true };
if (!g[INSTALLED]) {
  g.reg = cachedReg(g.reg);
  g[INSTALLED] = true;
}
