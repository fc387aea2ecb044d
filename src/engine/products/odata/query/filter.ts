/**
 * $filter (spec 001 § Query options): eq ne gt ge lt le, and/or, parentheses; strings quoted,
 * dates bare ISO-8601, null bare; typed literals (family mismatch: 400 incompatible types); the
 * right operand may be a property; functions: 501; `in`: grammar 400; `not (...)` parses and
 * matches nothing; navigation operands: 400; mismatched parenthesis: 400; unknown property: 400.
 *
 * Checks run in this order: lexing (unterminated string, stray character), parenthesis balance,
 * then a left-to-right parse in which the first function, unknown or navigation operand, type
 * mismatch or syntax error found is the answer.
 */
import type { Row } from '../../../core/types.ts';
import { MSG } from '../errors/messages.ts';
import { ODataError } from '../errors/envelope.ts';
import type { FormDef } from '../forms/index.ts';
import { compareScalars, familyOf, ISO_LITERAL, parseInstant, scalarOf, type Family, type Scalar } from './values.ts';

type TokKind = 'lparen' | 'rparen' | 'comma' | 'string' | 'number' | 'date' | 'ident';
interface Token {
  kind: TokKind;
  text: string;
  start: number;
  end: number;
  /** Decoded value of a string literal. */
  value?: string;
}

const syntax = (pos: number, text: string) => new ODataError(400, MSG.syntaxError(pos, text), '$filter');

function lex(text: string): Token[] {
  const toks: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i] as string;
    if (ch === ' ' || ch === '\t' || ch === '\r' || ch === '\n') {
      i++;
      continue;
    }
    if (ch === '(' || ch === ')' || ch === ',') {
      toks.push({ kind: ch === '(' ? 'lparen' : ch === ')' ? 'rparen' : 'comma', text: ch, start: i, end: i + 1 });
      i++;
      continue;
    }
    if (ch === "'") {
      let j = i + 1;
      let value = '';
      for (;;) {
        if (j >= text.length) throw new ODataError(400, MSG.unterminatedString(i, text), '$filter');
        const c = text[j] as string;
        if (c === "'") {
          if (text[j + 1] === "'") {
            value += "'";
            j += 2;
            continue;
          }
          break;
        }
        value += c;
        j++;
      }
      toks.push({ kind: 'string', text: text.slice(i, j + 1), start: i, end: j + 1, value });
      i = j + 1;
      continue;
    }
    const rest = text.slice(i);
    const date = /^\d{4}-\d{2}-\d{2}(T[0-9:.]+(Z|[+-]\d{2}:\d{2})?)?/i.exec(rest);
    if (date) {
      toks.push({ kind: 'date', text: date[0], start: i, end: i + date[0].length });
      i += date[0].length;
      continue;
    }
    const num = /^-?\d+(\.\d+)?([eE][+-]?\d+)?[mMdDfFlL]?/.exec(rest);
    if (num) {
      toks.push({ kind: 'number', text: num[0], start: i, end: i + num[0].length });
      i += num[0].length;
      continue;
    }
    const id = /^[A-Za-z_$][A-Za-z0-9_]*(\/[A-Za-z_$][A-Za-z0-9_]*)*/.exec(rest);
    if (id) {
      toks.push({ kind: 'ident', text: id[0], start: i, end: i + id[0].length });
      i += id[0].length;
      continue;
    }
    throw syntax(i + 1, text);
  }
  return toks;
}

function checkParens(toks: readonly Token[]): void {
  let depth = 0;
  for (const t of toks) {
    if (t.kind === 'lparen') depth++;
    else if (t.kind === 'rparen' && --depth < 0) break;
  }
  if (depth !== 0) throw new ODataError(400, MSG.mismatchedParenthesis, '$filter');
}

/** An operand: a property of the form or a typed literal. */
interface Operand {
  family: Family | null; // null: the null literal
  edm: string;
  get: (row: Row) => Scalar | null;
  /** The property read (property operands). */
  prop?: string;
  /** The value (string literals). */
  text?: string;
}

export type RowPredicate = (row: Row) => boolean;

/**
 * What an equality-only filter narrows to: it can hold only for rows whose `prop` (as text) is one
 * of `values`. Readers use it to pick candidates from an index; the predicate still decides.
 */
export interface FilterLookup {
  prop: string;
  values: string[];
}

const lookups = new WeakMap<RowPredicate, FilterLookup>();

/** The lookup a compiled $filter allows, if any. */
export function filterLookup(p: RowPredicate | null): FilterLookup | undefined {
  return p ? lookups.get(p) : undefined;
}

function withLookup(p: RowPredicate, l: FilterLookup | undefined): RowPredicate {
  if (l) lookups.set(p, l);
  return p;
}

const OPS: Record<string, { kind: string; test: (c: number) => boolean }> = {
  eq: { kind: 'Equal', test: (c) => c === 0 },
  ne: { kind: 'NotEqual', test: (c) => c !== 0 },
  gt: { kind: 'GreaterThan', test: (c) => c > 0 },
  ge: { kind: 'GreaterThanOrEqual', test: (c) => c >= 0 },
  lt: { kind: 'LessThan', test: (c) => c < 0 },
  le: { kind: 'LessThanOrEqual', test: (c) => c <= 0 },
};
const KEYWORDS = new Set(['and', 'or', 'not', 'eq', 'ne', 'gt', 'ge', 'lt', 'le', 'null', 'true', 'false', 'in', 'has']);

class Parser {
  private i = 0;
  constructor(
    private readonly toks: readonly Token[],
    private readonly text: string,
    private readonly form: FormDef,
  ) {}

  parse(): RowPredicate {
    if (this.toks.length === 0) throw syntax(0, this.text);
    const p = this.or();
    const extra = this.toks[this.i];
    if (extra) throw syntax(extra.end, this.text);
    return p;
  }

  private peek(): Token | undefined {
    return this.toks[this.i];
  }

  private isWord(t: Token | undefined, w: string): boolean {
    return !!t && t.kind === 'ident' && t.text.toLowerCase() === w;
  }

  private fail(): never {
    const t = this.peek();
    throw syntax(t ? t.end : this.text.length, this.text);
  }

  private or(): RowPredicate {
    let left = this.and();
    while (this.isWord(this.peek(), 'or')) {
      this.i++;
      const a = left;
      const b = this.and();
      const la = lookups.get(a);
      const lb = lookups.get(b);
      left = withLookup((r) => a(r) || b(r), la && lb && la.prop === lb.prop ? { prop: la.prop, values: [...la.values, ...lb.values] } : undefined);
    }
    return left;
  }

  private and(): RowPredicate {
    let left = this.unary();
    while (this.isWord(this.peek(), 'and')) {
      this.i++;
      const a = left;
      const b = this.unary();
      left = withLookup((r) => a(r) && b(r), lookups.get(a) ?? lookups.get(b));
    }
    return left;
  }

  private unary(): RowPredicate {
    if (this.isWord(this.peek(), 'not')) {
      this.i++;
      this.unary(); // validated, then deliberately matches nothing (spec: use ne)
      return () => false;
    }
    const t = this.peek();
    if (t?.kind === 'lparen') {
      this.i++;
      const inner = this.or();
      if (this.peek()?.kind !== 'rparen') this.fail();
      this.i++;
      return inner;
    }
    return this.comparison();
  }

  private comparison(): RowPredicate {
    const left = this.operand();
    const opTok = this.peek();
    const op = opTok && opTok.kind === 'ident' ? OPS[opTok.text.toLowerCase()] : undefined;
    if (!op) this.fail();
    this.i++;
    const right = this.operand();
    if (left.family && right.family && left.family !== right.family) {
      throw new ODataError(400, MSG.incompatibleTypes(left.edm, right.edm, op.kind), '$filter');
    }
    const family = left.family ?? right.family ?? 'string';
    const isEq = op.kind === 'Equal' || op.kind === 'NotEqual';
    const [prop, lit] = left.prop ? [left, right] : [right, left];
    const lookup = op.kind === 'Equal' && family === 'string' && prop.prop && lit.text !== undefined ? { prop: prop.prop, values: [lit.text] } : undefined;
    return withLookup((row) => {
      const a = left.get(row);
      const b = right.get(row);
      if (a === null || b === null) {
        if (!isEq) return false;
        return op.test(a === b ? 0 : 1);
      }
      return op.test(compareScalars(family, a, b));
    }, lookup);
  }

  private operand(): Operand {
    const t = this.peek();
    if (!t) this.fail();
    this.i++;
    switch (t.kind) {
      case 'string': {
        const v = t.value as string;
        return { family: 'string', edm: 'Edm.String', get: () => v, text: v };
      }
      case 'number': {
        const lit = t.text.replace(/[mMdDfFlL]$/, '');
        const isInt = /^-?\d+$/.test(lit);
        const n = Number(lit);
        const edm = isInt ? (Math.abs(n) <= 2147483647 ? 'Edm.Int32' : 'Edm.Int64') : /[eE]/.test(lit) ? 'Edm.Double' : 'Edm.Decimal';
        if (!Number.isFinite(n)) throw syntax(t.end, this.text);
        return { family: 'number', edm, get: () => lit };
      }
      case 'date': {
        if (!ISO_LITERAL.test(t.text)) throw syntax(t.end, this.text);
        const ms = parseInstant(t.text);
        if (ms === null) throw syntax(t.end, this.text);
        return { family: 'date', edm: t.text.length > 10 ? 'Edm.DateTimeOffset' : 'Edm.Date', get: () => ms };
      }
      case 'ident':
        return this.identOperand(t);
      default:
        this.i--;
        return this.fail();
    }
  }

  private identOperand(t: Token): Operand {
    const lower = t.text.toLowerCase();
    if (this.peek()?.kind === 'lparen' && !KEYWORDS.has(lower)) {
      throw new ODataError(501, MSG.functionNotSupported(t.text), '$filter');
    }
    if (lower === 'null') return { family: null, edm: 'null', get: () => null };
    if (lower === 'true' || lower === 'false') {
      const v = lower === 'true';
      return { family: 'boolean', edm: 'Edm.Boolean', get: () => v };
    }
    if (KEYWORDS.has(lower)) {
      this.i--;
      return this.fail();
    }
    const [head, ...tail] = t.text.split('/');
    if (this.form.subforms.includes(head as string)) throw new ODataError(400, MSG.navigationInFilter(head as string), '$filter');
    const p = tail.length === 0 ? this.form.byName.get(t.text) : undefined;
    if (!p) throw new ODataError(400, MSG.unknownProperty(t.text, `Priority.OData.${this.form.name}`), t.text);
    const family = familyOf(p);
    const name = p.name;
    return { family, edm: p.type, get: (row) => scalarOf(family, row[name]), prop: name };
  }
}

/** Parse and compile a $filter against `form`; throws ODataError (400/501) when refused. */
export function parseFilter(text: string, form: FormDef): RowPredicate {
  const toks = lex(text);
  checkParens(toks);
  return new Parser(toks, text, form).parse();
}
